import { Schema, type Connection, type Model } from 'mongoose';

/** Failed logins from one address within the current window. */
export interface LoginFailureFields {
  _id: string;
  count: number;
  windowEndsAt: Date;
}

export type LoginFailureModel = Model<LoginFailureFields>;

const loginFailureSchema = new Schema<LoginFailureFields, LoginFailureModel>(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    windowEndsAt: { type: Date, required: true },
  },
  { collection: 'login_failures', versionKey: false },
);

export function defineLoginFailureModel(db: Connection): LoginFailureModel {
  return db.model<LoginFailureFields, LoginFailureModel>('LoginFailure', loginFailureSchema);
}
