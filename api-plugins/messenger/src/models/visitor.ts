import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Someone who wrote through the widget of one integration. The browser holds the token; only its SHA-256 is
 * stored, so the database alone cannot be used to act as a visitor.
 */
export interface VisitorFields {
  inboxIntegrationId: string;
  tokenHash: string;
  /** Left by the visitor; then `contactsId` is the contacts customer with that e-mail. */
  email?: string;
  contactsId?: string;
  /** Set when the visitor wrote or left the e-mail while nobody was online: agents' replies also go out by mail. */
  answerByMail?: boolean;
  /** The visitor's inbox conversation, once the first message is filed. */
  inboxConversationId?: string;
  createdAt: Date;
}

export type VisitorModel = Model<VisitorFields>;

const visitorSchema = new Schema<VisitorFields, VisitorModel>(
  {
    inboxIntegrationId: { type: String, required: true },
    tokenHash: { type: String, required: true },
    email: String,
    contactsId: String,
    answerByMail: Boolean,
    inboxConversationId: String,
    createdAt: { type: Date, required: true },
  },
  { collection: 'messenger_visitors', versionKey: false },
);
visitorSchema.index({ tokenHash: 1 }, { unique: true });
visitorSchema.index({ inboxConversationId: 1 });

export function defineVisitorModel(db: Connection): VisitorModel {
  return db.model<VisitorFields, VisitorModel>('MessengerVisitor', visitorSchema);
}
