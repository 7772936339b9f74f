import { Schema, type Connection, type Model } from 'mongoose';

/**
 * A message the inbox keeps itself: what users write in a conversation. Messages of external kinds
 * (e-mail and the like) stay in their integration plugin, which shows them through its own detail query.
 */
export interface MessageFields {
  conversationId: string;
  content: string;
  userId: string;
  /** An internal note: seen by users only, never sent through the integration. */
  internal?: boolean;
  createdAt: Date;
}

export type MessageModel = Model<MessageFields>;

const messageSchema = new Schema<MessageFields, MessageModel>(
  {
    conversationId: { type: String, required: true },
    content: { type: String, required: true },
    userId: { type: String, required: true },
    internal: { type: Boolean },
    createdAt: { type: Date, required: true, default: () => new Date() },
  },
  { collection: 'conversation_messages', versionKey: false },
);
messageSchema.index({ conversationId: 1, createdAt: 1 });

export function defineMessageModel(db: Connection): MessageModel {
  return db.model<MessageFields, MessageModel>('ConversationMessage', messageSchema);
}
