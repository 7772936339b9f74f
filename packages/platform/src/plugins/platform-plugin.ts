import type { PluginDefinition } from '@lattice/plugin-sdk';

/** An enabled plugin as the platform runs it: its definition and its configs.json entry's settings. */
export interface PlatformPlugin {
  definition: PluginDefinition;
  /** configs.json `db_name`; defaults to the plugin's name. */
  dbName?: string;
  /** configs.json `extra_env`. */
  extraEnv?: Readonly<Record<string, string>>;
}
