import { Schema, type Connection, type Model } from 'mongoose';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** The bytes; never sent with a message list, only by the attachment download. */
  content: Buffer;
}

/** One message of a visitor's conversation: the visitor's (`incoming`) or an agent's reply (`outgoing`). */
export interface MessageFields {
  inboxIntegrationId: string;
  inboxConversationId: string;
  visitorId: string;
  direction: 'incoming' | 'outgoing';
  body: string;
  attachments?: StoredAttachment[];
  createdAt: Date;
  /** When the other side saw it. */
  readAt?: Date;
  /** Outgoing only: who answered, and the client's key that makes a repeated reply the same one. */
  authorUserId?: string;
  idempotencyKey?: string;
  /** Outgoing to a visitor answered by mail: where it went, and how that went (`failed` with the reason). */
  mail?: { to: string; state: 'sending' | 'sent' | 'failed'; error?: string };
}

export type MessageModel = Model<MessageFields>;

const messageSchema = new Schema<MessageFields, MessageModel>(
  {
    inboxIntegrationId: { type: String, required: true },
    inboxConversationId: { type: String, required: true },
    visitorId: { type: String, required: true },
    direction: { type: String, required: true, enum: ['incoming', 'outgoing'] },
    body: { type: String, default: '' },
    attachments: { type: [{ filename: String, contentType: String, size: Number, content: Buffer }], default: undefined },
    createdAt: { type: Date, required: true },
    readAt: Date,
    authorUserId: String,
    idempotencyKey: String,
    mail: { type: { _id: false, to: String, state: { type: String, enum: ['sending', 'sent', 'failed'] }, error: String }, default: undefined },
  },
  { collection: 'messenger_messages', versionKey: false },
);
messageSchema.index({ inboxConversationId: 1, createdAt: 1 });
messageSchema.index({ idempotencyKey: 1, inboxIntegrationId: 1 }, { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } });

export function defineMessageModel(db: Connection): MessageModel {
  return db.model<MessageFields, MessageModel>('MessengerMessage', messageSchema);
}
