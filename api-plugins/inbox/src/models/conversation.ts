import { Schema, type Connection, type Model } from 'mongoose';

export const conversationStatuses = ['open', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export interface ConversationFields {
  integrationId: string;
  customerId: string;
  /** The latest message's text, as the list shows it. */
  content: string;
  status: ConversationStatus;
  createdAt: Date;
  updatedAt: Date;
}

export type ConversationModel = Model<ConversationFields>;

const conversationSchema = new Schema<ConversationFields, ConversationModel>(
  {
    integrationId: { type: String, required: true },
    customerId: { type: String, required: true },
    content: { type: String, default: '' },
    status: { type: String, enum: conversationStatuses, required: true, default: 'open' },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'conversations', versionKey: false },
);
conversationSchema.index({ integrationId: 1, status: 1, updatedAt: -1 });
conversationSchema.index({ updatedAt: -1 });

export function defineConversationModel(db: Connection): ConversationModel {
  return db.model<ConversationFields, ConversationModel>('Conversation', conversationSchema);
}
