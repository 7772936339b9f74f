import { Schema, type Connection, type Model, type mongo } from 'mongoose';

export const conversationStatuses = ['open', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];

export interface ConversationFields {
  integrationId: string;
  customerId: string;
  /** The latest message's text, as the list shows it. */
  content: string;
  status: ConversationStatus;
  /** What search matches besides `content`: each message's sender, subject and body, the latest ones. */
  searchTexts?: string[];
  createdAt: Date;
  updatedAt: Date;
  /** When it was last closed; unset while open. */
  closedAt?: Date;
  /** When a user first answered (a reply or a message written in the inbox). */
  firstRespondedAt?: Date;
  /** Messages received from the customer, and written by users, counted for the dashboard. */
  messagesIn?: number;
  messagesOut?: number;
}

export type ConversationModel = Model<ConversationFields>;

const conversationSchema = new Schema<ConversationFields, ConversationModel>(
  {
    integrationId: { type: String, required: true },
    customerId: { type: String, required: true },
    content: { type: String, default: '' },
    status: { type: String, enum: conversationStatuses, required: true, default: 'open' },
    searchTexts: { type: [String], default: undefined },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    closedAt: { type: Date },
    firstRespondedAt: { type: Date },
    messagesIn: { type: Number },
    messagesOut: { type: Number },
  },
  { collection: 'conversations', versionKey: false },
);
conversationSchema.index({ integrationId: 1, status: 1, updatedAt: -1 });
conversationSchema.index({ updatedAt: -1 });
// A customer's page lists their conversations; a merge finds them to move.
conversationSchema.index({ customerId: 1, updatedAt: -1 });
conversationSchema.index({ createdAt: 1 });

/** How many messages' texts a conversation keeps for search (the newest). */
export const searchTextsKept = 50;
/** How much of one message's text search looks at. */
export const searchTextLength = 2_000;

/** The update that adds one message's text to what search looks at. */
export function pushSearchText(text: string | undefined): Pick<mongo.UpdateFilter<ConversationFields>, '$push'> {
  return text ? { $push: { searchTexts: { $each: [text.slice(0, searchTextLength)], $slice: -searchTextsKept } } } : {};
}

export function defineConversationModel(db: Connection): ConversationModel {
  return db.model<ConversationFields, ConversationModel>('Conversation', conversationSchema);
}
