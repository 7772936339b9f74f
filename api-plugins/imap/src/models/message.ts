import { Schema, type Connection, type Model, type mongo } from 'mongoose';

export interface AddressEntry {
  name?: string;
  address: string;
}

export const messageDirections = ['incoming', 'outgoing'] as const;
export type MessageDirection = (typeof messageDirections)[number];
export const outgoingStates = ['sending', 'sent', 'failed'] as const;
export type OutgoingState = (typeof outgoingStates)[number];

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
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
  /** The HTML part of a received mail, unsanitised: shown only sanitised, in a frame without scripts. */
  html?: string;
  to?: AddressEntry[];
  cc?: AddressEntry[];
  bcc?: AddressEntry[];
  from: AddressEntry[];
  /** Absent on mail received before replies existed: incoming. */
  direction?: MessageDirection;
  /** A reply's fields: where its sending stands, since when, why it failed, who wrote it and the client's key. */
  state?: OutgoingState;
  stateAt?: Date;
  error?: string;
  authorUserId?: string;
  idempotencyKey?: string;
  attachments?: OutgoingAttachment[];
  /**
   * A received message is stored before the inbox files its conversation (README, "whole or nothing"); this
   * says since when it waits to be filed, and is unset once the inbox filed it. Absent: filed.
   */
  unfiledSince?: Date;
  /** The batch of marks that marked it filed (filed-marker.ts): how a batch tells its own marks from others'. */
  filedBy?: mongo.ObjectId;
}

export type MessageModel = Model<MessageFields>;

const addressSchema = new Schema<AddressEntry>({ name: { type: String }, address: { type: String, required: true } }, { _id: false });

const messageSchema = new Schema<MessageFields, MessageModel>(
  {
    inboxIntegrationId: { type: String, required: true },
    inboxConversationId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    messageId: { type: String, required: true },
    inReplyTo: { type: String },
    references: { type: [String], default: [] },
    subject: { type: String },
    body: { type: String },
    html: { type: String },
    to: { type: [addressSchema], default: undefined },
    cc: { type: [addressSchema], default: undefined },
    bcc: { type: [addressSchema], default: undefined },
    from: { type: [addressSchema], default: undefined },
    direction: { type: String, enum: messageDirections },
    state: { type: String, enum: outgoingStates },
    stateAt: { type: Date },
    error: { type: String },
    authorUserId: { type: String },
    idempotencyKey: { type: String },
    attachments: {
      type: [new Schema<OutgoingAttachment>({ filename: String, contentType: String, content: String }, { _id: false })],
      default: undefined,
    },
    unfiledSince: { type: Date },
    filedBy: { type: Schema.Types.ObjectId },
  },
  { collection: 'imap_messages', versionKey: false },
);
// The selective field leads each index: the embedded MongoDB narrows by an index's first field only, and
// for MongoDB the order of two equality fields makes no difference.
messageSchema.index({ messageId: 1, inboxIntegrationId: 1 }, { unique: true });
// Threading looks a new message up in the references of earlier ones (SPEC.md rule 4).
messageSchema.index({ references: 1, inboxIntegrationId: 1 });
messageSchema.index({ inboxConversationId: 1, createdAt: 1 });
// Only the few messages still waiting to be filed are in it: the sweep finds them without a scan.
messageSchema.index({ unfiledSince: 1 }, { sparse: true });

export function defineMessageModel(db: Connection): MessageModel {
  return db.model<MessageFields, MessageModel>('ImapMessage', messageSchema);
}
