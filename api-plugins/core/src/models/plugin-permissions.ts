import type { PermissionsAnnouncePayload } from '@lattice/contracts';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The permissions one plugin declared, as its host last announced them (`core:permissions.announce`). A plugin that
 * is no longer enabled keeps its entry: its permissions then name actions nobody is offered.
 */
export interface PluginPermissionsFields {
  /** The plugin's name. */
  _id: string;
  permissions: PermissionsAnnouncePayload['permissions'];
  announcedAt: Date;
}

export type PluginPermissionsModel = Model<PluginPermissionsFields>;

const pluginPermissionsSchema = new Schema<PluginPermissionsFields, PluginPermissionsModel>(
  {
    _id: { type: String, required: true },
    permissions: { type: Schema.Types.Mixed, required: true },
    announcedAt: { type: Date, required: true },
  },
  { collection: 'plugin_permissions', versionKey: false },
);

export function definePluginPermissionsModel(db: Connection): PluginPermissionsModel {
  return db.model<PluginPermissionsFields, PluginPermissionsModel>('PluginPermissions', pluginPermissionsSchema);
}
