import { Schema, type Connection, type Model } from 'mongoose';
import type { MessengerSettings } from '../settings/messenger-settings.js';

/** SPEC.md: inboxId plus the `doc` it was created with, here the messenger settings with defaults filled in. */
export interface IntegrationFields extends MessengerSettings {
  inboxId: string;
  createdAt: Date;
  /** Set on every change: an edit that names the value it read is refused (CONFLICT) once it differs. Absent on integrations stored before it was kept. */
  updatedAt?: Date;
}

export type IntegrationModel = Model<IntegrationFields>;

const integrationSchema = new Schema<IntegrationFields, IntegrationModel>(
  {
    inboxId: { type: String, required: true },
    brandName: String,
    color: String,
    greeting: String,
    awayMessage: String,
    workingHours: { type: [{ _id: false, days: [Number], from: String, to: String }], default: undefined },
    timeZone: String,
    pages: { type: [String], default: undefined },
    requireEmail: Boolean,
    allowedOrigins: { type: [String], default: undefined },
    maxAttachmentBytes: Number,
    replyByMail: { type: new Schema({ kind: String, integrationId: String }, { _id: false }), default: null },
    createdAt: { type: Date, required: true },
    updatedAt: Date,
  },
  { collection: 'messenger_integrations', versionKey: false },
);
integrationSchema.index({ inboxId: 1 }, { unique: true });

export function defineIntegrationModel(db: Connection): IntegrationModel {
  return db.model<IntegrationFields, IntegrationModel>('MessengerIntegration', integrationSchema);
}
