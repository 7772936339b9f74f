import { Schema, type Connection, type Model } from 'mongoose';

/**
 * Login throttling state under one key: failures counted as `address:<ip>` (every e-mail tried from one
 * address), `pair:<ip> <e-mail>` (one e-mail from one address, known account or not) and `account:<e-mail>`
 * (one e-mail from every address); `known:<ip> <e-mail>` marks an address that logged in to that e-mail.
 */
export interface LoginFailureFields {
  _id: string;
  count: number;
  /** The count starts again after this. */
  windowEndsAt: Date;
  /** No login for this key before then. */
  lockedUntil?: Date;
}

export type LoginFailureModel = Model<LoginFailureFields>;

const loginFailureSchema = new Schema<LoginFailureFields, LoginFailureModel>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    // Gone once its window has ended (a TTL index); a lock never outlasts its window.
    windowEndsAt: { type: Date, required: true, expires: 0 },
    lockedUntil: { type: Date },
  },
  { collection: 'login_failures', versionKey: false },
);

export function defineLoginFailureModel(db: Connection): LoginFailureModel {
  return db.model<LoginFailureFields, LoginFailureModel>('LoginFailure', loginFailureSchema);
}
