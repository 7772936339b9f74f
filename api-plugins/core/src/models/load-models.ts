import type { Connection } from 'mongoose';
import { defineLoginFailureModel, type LoginFailureModel } from './login-failure.js';
import { defineUserModel, type UserModel } from './user.js';

export interface CoreModels {
  User: UserModel;
  LoginFailure: LoginFailureModel;
}

const modelsByConnection = new WeakMap<Connection, CoreModels>();

/** The core plugin's models on the connection the host handed in; defined once per connection. */
export function loadModels(db: Connection): CoreModels {
  let models = modelsByConnection.get(db);
  if (!models) {
    models = { User: defineUserModel(db), LoginFailure: defineLoginFailureModel(db) };
    modelsByConnection.set(db, models);
  }
  return models;
}
