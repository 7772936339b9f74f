import type { PluginDefinition } from '@lattice/plugin-sdk';

/**
 * The plugin as configs.json would run it with these `extra_env` entries: the test kit starts plugins without
 * configs.json, so a test hands the entries to `onServerInit` the way the host lays them over the environment.
 */
export function withPluginEnv<TDefinition extends PluginDefinition>(definition: TDefinition, extraEnv: Readonly<Record<string, string>>): TDefinition {
  const { onServerInit } = definition;
  if (!onServerInit) return definition;
  return { ...definition, onServerInit: (options) => onServerInit({ ...options, env: { ...options.env, ...extraEnv } }) };
}
