import { modelsPerConnection } from '@lattice/plugin-sdk';
import { defineLoginFailureModel, type LoginFailureModel } from './login-failure.js';
import { definePermissionGroupModel, type PermissionGroupModel } from './permission-group.js';
import { definePluginPermissionsModel, type PluginPermissionsModel } from './plugin-permissions.js';
import { defineSessionModel, type SessionModel } from './session.js';
import { defineUserModel, type UserModel } from './user.js';

export interface CoreModels {
  User: UserModel;
  LoginFailure: LoginFailureModel;
  Session: SessionModel;
  PluginPermissions: PluginPermissionsModel;
  PermissionGroup: PermissionGroupModel;
}

/** The plugin's models on the connection the host handed in; defined once per connection. */
export const loadModels = modelsPerConnection((db): CoreModels => ({
  User: defineUserModel(db),
  LoginFailure: defineLoginFailureModel(db),
  Session: defineSessionModel(db),
  PluginPermissions: definePluginPermissionsModel(db),
  PermissionGroup: definePermissionGroupModel(db),
}));
