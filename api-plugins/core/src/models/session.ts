import { Schema, type Connection, type Model } from 'mongoose';

/** One login: its token carries `_id` as `sid`; every plugin host asks whether it is still live. */
export interface SessionFields {
  _id: string;
  userId: string;
  createdAt: Date;
  /** When the token issued with it stops being valid anyway; the record may go after that. */
  expiresAt: Date;
  /** Set by logout, role change, deactivation or a new password; a revoked session never comes back. */
  revokedAt?: Date;
}

export type SessionModel = Model<SessionFields>;

const sessionSchema = new Schema<SessionFields, SessionModel>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true, default: () => new Date() },
    // Gone once its token has expired too (a TTL index): nothing can use it any more.
    expiresAt: { type: Date, required: true, expires: 0 },
    revokedAt: { type: Date },
  },
  { collection: 'sessions', versionKey: false },
);

export function defineSessionModel(db: Connection): SessionModel {
  return db.model<SessionFields, SessionModel>('Session', sessionSchema);
}
