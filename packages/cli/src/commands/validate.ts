import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption } from '../command/shared-options.js';

export const summary = 'check configs.json, the plugins it names and the UI configs the shell would load';

export const options = {
  config: configOption,
  production: {
    type: 'boolean',
    default: false,
    description: 'check it for production (also when NODE_ENV is production): development-only settings are refused',
  },
} as const;

export async function run({ values }: CommandInput<typeof options>): Promise<void> {
  await validate({ config: values.config, production: values.production || process.env.NODE_ENV === 'production' });
}

/**
 * Checks configs.json, that every plugin it names exists, and the UI the shell would load (local builds,
 * and each remote's descriptor and entry fetched from its server: the entry checked against the
 * descriptor's `entryHash` by the front-end server's own code), without starting anything.
 */
export async function validate(args: { config: string; production?: boolean }): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ checkUiPlugins }, { loadConfigs }, { loadPlugins }, { refuseDevelopmentSettings }, { checkPluginOperations }] = await Promise.all([
    import('../config/check-ui-plugins.js'),
    import('../config/load-configs.js'),
    import('../platform/load-plugins.js'),
    import('../config/refuse-development-settings.js'),
    import('@lattice/platform'),
  ]);
  const file = resolve(args.config);
  const configs = await loadConfigs(file);
  if (args.production) refuseDevelopmentSettings(file, configs);
  // Every root field must say what it needs (operations): the same check a host makes before it starts.
  for (const plugin of await loadPlugins(file, configs.plugins)) checkPluginOperations(plugin.definition);
  const ui = await checkUiPlugins(configs.plugins, { configFile: file });
  console.log(`${file} is valid: plugins ${configs.plugins.map((plugin) => plugin.name).join(', ') || '(none)'}`);
  if (ui.checked.length > 0) console.log(`UI configs checked: ${ui.checked.join(', ')}`);
  if (ui.skipped.length > 0) console.log(`UI not checked, the shell would leave it out: ${ui.skipped.join('; ')}`);
}
