import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A received message's claim, written before anything else is stored for it: the unique index lets one
 * delivery of a Message-ID store it while concurrent copies stand back. What a failed delivery created is
 * kept on the Message record itself (stored first, not yet filed), so the next delivery reuses it.
 */
export interface MessageClaimFields {
  inboxIntegrationId: string;
  messageId: string;
  /** The delivery storing the message now (a random id); another may take over once `claimedAt` is old. */
  holder: string;
  claimedAt: Date;
  /** Written by deliveries from before stored-first filing: the conversation the inbox had filed. */
  inboxConversationId?: string;
}

export type MessageClaimModel = Model<MessageClaimFields>;

const messageClaimSchema = new Schema<MessageClaimFields, MessageClaimModel>(
  {
    inboxIntegrationId: { type: String, required: true },
    messageId: { type: String, required: true },
    holder: { type: String, required: true },
    claimedAt: { type: Date, required: true },
    inboxConversationId: { type: String },
  },
  { collection: 'imap_message_claims', versionKey: false },
);
// The Message-ID leads, as on imap_messages: the embedded MongoDB narrows by an index's first field only. No
// index leads with inboxIntegrationId (see customer.ts): only the rare removal of an integration selects by it.
messageClaimSchema.index({ messageId: 1, inboxIntegrationId: 1 }, { unique: true });

export function defineMessageClaimModel(db: Connection): MessageClaimModel {
  return db.model<MessageClaimFields, MessageClaimModel>('ImapMessageClaim', messageClaimSchema);
}
