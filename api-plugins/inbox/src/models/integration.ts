import { Schema, type Connection, type Model } from 'mongoose';

/** The inbox's side of an integration; its settings (and secrets) live only in the integration plugin. */
export interface IntegrationFields {
  kind: string;
  name: string;
  createdAt: Date;
}

export type IntegrationModel = Model<IntegrationFields>;

const integrationSchema = new Schema<IntegrationFields, IntegrationModel>(
  {
    kind: { type: String, required: true },
    name: { type: String, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  { collection: 'integrations', versionKey: false },
);
integrationSchema.index({ kind: 1, createdAt: -1 });

export function defineIntegrationModel(db: Connection): IntegrationModel {
  return db.model<IntegrationFields, IntegrationModel>('Integration', integrationSchema);
}
