import { Schema, type Connection, type Model } from 'mongoose';

/** SPEC.md: inboxId plus every field of the `doc` it was created with (for mail sync: the IMAP account). */
export interface IntegrationFields {
  inboxId: string;
  host?: string;
  port?: number;
  tls?: boolean;
  user?: string;
  /** Needed to log in to the IMAP server; never returned by GraphQL. */
  password?: string;
  mailbox?: string;
  /** The address replies are sent from; defaults to `user` when that is an address. */
  email?: string;
  /** Outgoing mail; each defaults to the IMAP account's (host, user, password). */
  smtpHost?: string;
  smtpPort?: number;
  smtpTls?: boolean;
  smtpUser?: string;
  /** Never returned by GraphQL, like `password`. */
  smtpPassword?: string;
  /** Receives by webhook (POST /receive) only: no IMAP account, nothing synced. */
  webhookOnly?: boolean;
  /** SHA-256 of the webhook token, hex; the token itself is answered once, at creation. */
  webhookTokenHash: string;
  createdAt: Date;
}

export type IntegrationModel = Model<IntegrationFields>;

const integrationSchema = new Schema<IntegrationFields, IntegrationModel>(
  {
    inboxId: { type: String, required: true },
    host: { type: String },
    port: { type: Number },
    tls: { type: Boolean },
    user: { type: String },
    password: { type: String },
    mailbox: { type: String },
    email: { type: String },
    smtpHost: { type: String },
    smtpPort: { type: Number },
    smtpTls: { type: Boolean },
    smtpUser: { type: String },
    smtpPassword: { type: String },
    webhookOnly: { type: Boolean },
    webhookTokenHash: { type: String, required: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  // strict: false keeps the other `doc` fields an integrator passes, as SPEC.md asks.
  { collection: 'imap_integrations', versionKey: false, strict: false },
);
integrationSchema.index({ inboxId: 1 }, { unique: true });

export function defineIntegrationModel(db: Connection): IntegrationModel {
  return db.model<IntegrationFields, IntegrationModel>('ImapIntegration', integrationSchema);
}
