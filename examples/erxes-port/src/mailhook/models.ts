import { modelsPerConnection } from '@lattice/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

// erxes: packages/template.plugin.api/source-integration/models.ts (Customers, Integrations, Messages,
// Accounts), SPEC.md "Integration plugin records". Defined per connection instead of on the global mongoose.

export interface IntegrationFields {
  inboxId: string;
  /** Every field of `doc` when the inbox created the integration (SPEC.md). */
  settings: Record<string, unknown>;
  /** Only the hash of the POST /receive secret is kept; the secret is answered once, at creation. */
  webhookTokenHash: string;
}

export interface CustomerFields {
  inboxIntegrationId: string;
  contactsId: string;
  email: string;
}

export interface AddressEntry {
  name?: string;
  address: string;
}

export interface MessageFields {
  inboxIntegrationId: string;
  inboxConversationId: string;
  createdAt: Date;
  messageId: string;
  inReplyTo?: string;
  references: string[];
  subject?: string;
  body?: string;
  to: AddressEntry[];
  cc: AddressEntry[];
  bcc: AddressEntry[];
  from: AddressEntry[];
}

export interface AccountFields {
  name?: string;
}

const addressSchema = new Schema<AddressEntry>({ name: String, address: { type: String, required: true } }, { _id: false });

const integrationSchema = new Schema<IntegrationFields>(
  {
    inboxId: { type: String, required: true, unique: true },
    settings: { type: Schema.Types.Mixed, default: {} },
    webhookTokenHash: { type: String, required: true },
  },
  { collection: 'integrations', versionKey: false, minimize: false },
);

// erxes made email unique across all integrations; here a sender is a customer once per integration, so
// removing one integration (which removes its customers) leaves the others' intact.
const customerSchema = new Schema<CustomerFields>(
  {
    inboxIntegrationId: { type: String, required: true },
    contactsId: { type: String, required: true },
    email: { type: String, required: true },
  },
  { collection: 'customers', versionKey: false },
);
customerSchema.index({ inboxIntegrationId: 1, email: 1 }, { unique: true });

const messageSchema = new Schema<MessageFields>(
  {
    inboxIntegrationId: { type: String, required: true },
    inboxConversationId: { type: String, required: true },
    createdAt: { type: Date, required: true, index: true },
    messageId: { type: String, required: true },
    inReplyTo: String,
    references: { type: [String], default: [] },
    subject: String,
    body: String,
    to: { type: [addressSchema], default: [] },
    cc: { type: [addressSchema], default: [] },
    bcc: { type: [addressSchema], default: [] },
    from: { type: [addressSchema], default: [] },
  },
  { collection: 'messages', versionKey: false },
);
// SPEC.md's incoming-message rules: a messageId is stored once per integration, and related messages are
// found by messageId and by references.
messageSchema.index({ inboxIntegrationId: 1, messageId: 1 }, { unique: true });
messageSchema.index({ inboxIntegrationId: 1, references: 1 });
messageSchema.index({ inboxConversationId: 1, createdAt: 1 });

const accountSchema = new Schema<AccountFields>({ name: String }, { collection: 'accounts', versionKey: false });

export interface MailhookModels {
  Integration: Model<IntegrationFields>;
  Customer: Model<CustomerFields>;
  Message: Model<MessageFields>;
  Account: Model<AccountFields>;
}

export const loadModels = modelsPerConnection(
  (db: Connection): MailhookModels => ({
    Integration: db.model<IntegrationFields>('Integration', integrationSchema),
    Customer: db.model<CustomerFields>('Customer', customerSchema),
    Message: db.model<MessageFields>('Message', messageSchema),
    Account: db.model<AccountFields>('Account', accountSchema),
  }),
);

/** Builds the unique indexes before the plugin takes messages: they are what makes a repeated message a no-op. */
export async function initModels(models: MailhookModels): Promise<void> {
  await Promise.all([models.Integration.init(), models.Customer.init(), models.Message.init(), models.Account.init()]);
}
