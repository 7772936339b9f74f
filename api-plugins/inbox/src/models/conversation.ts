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
  /** The `receiveKey`s of the latest messages filed into it: a repeated request is answered, not filed twice. */
  receiveKeys?: string[];
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
    receiveKeys: { type: [String], default: undefined },
  },
  { collection: 'conversations', versionKey: false },
);
conversationSchema.index({ integrationId: 1, status: 1, updatedAt: -1 });
conversationSchema.index({ updatedAt: -1 });
// A customer's page lists their conversations; a merge finds them to move.
conversationSchema.index({ customerId: 1, updatedAt: -1 });
conversationSchema.index({ createdAt: 1 });
// One message's key files into one conversation, however often its request is repeated or redelivered.
conversationSchema.index({ receiveKeys: 1 }, { unique: true, sparse: true });

/** How many messages' texts a conversation keeps for search (the newest). */
export const searchTextsKept = 50;
/** How much of one message's text search looks at. */
export const searchTextLength = 2_000;

/** How many receive keys a conversation keeps: enough for the retries of its latest messages. */
export const receiveKeysKept = 20;

/** The update that adds one message's text to what search looks at (and a received one's key to the kept ones). */
export function pushSearchText(text: string | undefined, receiveKey?: string): Pick<mongo.UpdateFilter<ConversationFields>, '$push'> {
  const push = {
    ...(text ? { searchTexts: { $each: [text.slice(0, searchTextLength)], $slice: -searchTextsKept } } : {}),
    ...(receiveKey ? { receiveKeys: { $each: [receiveKey], $slice: -receiveKeysKept } } : {}),
  };
  return Object.keys(push).length > 0 ? { $push: push } : {};
}

export function defineConversationModel(db: Connection): ConversationModel {
  return db.model<ConversationFields, ConversationModel>('Conversation', conversationSchema);
}
