import { resolve } from 'node:path';
import { loadConfigs } from '../config/load-configs.js';
import { loadPlugins } from '../platform/load-plugins.js';

/** Checks configs.json and that every plugin it names exists, without starting anything. */
export async function validate(args: { config: string }): Promise<void> {
  const file = resolve(args.config);
  const configs = await loadConfigs(file);
  await loadPlugins(file, configs.plugins);
  console.log(`${file} is valid: plugins ${configs.plugins.map((plugin) => plugin.name).join(', ') || '(none)'}`);
}
