import { Schema, type Connection, type Model } from 'mongoose';

/** A kind an enabled integration plugin announced from its `meta.inboxIntegration`. */
export interface IntegrationKindFields {
  kind: string;
  label: string;
  announcedAt: Date;
  /** The plugin consumes `<kind>:sendReply`; absent when its host did not say (replies are tried). */
  reply?: boolean;
}

export type IntegrationKindModel = Model<IntegrationKindFields>;

const integrationKindSchema = new Schema<IntegrationKindFields, IntegrationKindModel>(
  {
    kind: { type: String, required: true },
    label: { type: String, required: true },
    announcedAt: { type: Date, required: true },
    reply: { type: Boolean },
  },
  { collection: 'integration_kinds', versionKey: false },
);
integrationKindSchema.index({ kind: 1 }, { unique: true });

export function defineIntegrationKindModel(db: Connection): IntegrationKindModel {
  return db.model<IntegrationKindFields, IntegrationKindModel>('IntegrationKind', integrationKindSchema);
}
