import { resolve } from 'node:path';
import type { CommandInput } from '../command/command.js';
import { configOption } from '../command/shared-options.js';
import type { ConfigProblem } from '../config/config-error.js';
import type { Configs, PluginEntry, pluginEntrySchema as PluginEntrySchema } from '../config/configs-schema.js';

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

/** An entry the schema refused still has its name checked (exists, reserved), so one run names every problem. */
function readableEntry(schema: typeof PluginEntrySchema, entry: unknown): PluginEntry[] {
  const parsed = schema.safeParse(entry);
  if (parsed.success) return [parsed.data];
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === 'string' && /^[a-z][a-z0-9-]*$/.test(name) ? [{ name }] : [];
}

/**
 * Checks configs.json, that every plugin it names exists, and the UI the shell would load (local builds,
 * and each remote's descriptor and entry fetched from its server: the entry checked against the
 * descriptor's `entryHash` by the front-end server's own code), without starting anything.
 */
export async function validate(args: { config: string; production?: boolean }): Promise<void> {
  // Loaded here, not at the top: `lattice --help` reads every command file and should not load the platform.
  const [{ checkUiPlugins }, { readConfigsJson, parseConfigs }, { loadPlugins }, { refuseDevelopmentSettings }, { checkPluginOperations }, { ConfigError }, { pluginEntrySchema }] =
    await Promise.all([
      import('../config/check-ui-plugins.js'),
      import('../config/load-configs.js'),
      import('../platform/load-plugins.js'),
      import('../config/refuse-development-settings.js'),
      import('@lattice/platform'),
      import('../config/config-error.js'),
      import('../config/configs-schema.js'),
    ]);
  const file = resolve(args.config);
  const json = await readConfigsJson(file);
  // Every problem in one run: the schema's, then those of each plugin entry the schema could read.
  const problems: ConfigProblem[] = [];
  const collect = async (check: () => unknown) => {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  };
  let configs: Configs | undefined;
  await collect(() => (configs = parseConfigs(file, json)));
  const rawPlugins = (json as { plugins?: unknown } | null)?.plugins;
  const entries =
    configs?.plugins ??
    (Array.isArray(rawPlugins) ? rawPlugins.flatMap((entry: unknown) => readableEntry(pluginEntrySchema, entry)) : []);
  if (configs && args.production) await collect(() => refuseDevelopmentSettings(file, configs!));
  await collect(async () => {
    // Every root field must say what it needs (operations): the same check a host makes before it starts.
    for (const plugin of await loadPlugins(file, entries)) checkPluginOperations(plugin.definition);
  });
  if (problems.length > 0 || !configs) throw ConfigError.of(file, problems);
  const ui = await checkUiPlugins(configs.plugins, { configFile: file });
  console.log(`${file} is valid: plugins ${configs.plugins.map((plugin) => plugin.name).join(', ') || '(none)'}`);
  if (ui.checked.length > 0) console.log(`UI configs checked: ${ui.checked.join(', ')}`);
  if (ui.skipped.length > 0) console.log(`UI not checked, the shell would leave it out: ${ui.skipped.join('; ')}`);
}
