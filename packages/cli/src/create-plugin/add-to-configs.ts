import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

export interface PluginConfigEntry {
  name: string;
  ui?: 'local';
}

interface ConfigsFile {
  plugins?: unknown;
}

/** The plugin names a configs.json enables; empty when there is no file or it cannot be read. */
export async function enabledPlugins(configFile: string): Promise<string[]> {
  const configs = await readConfigs(configFile);
  if (!configs || !Array.isArray(configs.plugins)) return [];
  return configs.plugins.flatMap((entry: unknown) => (typeof (entry as { name?: unknown })?.name === 'string' ? [(entry as { name: string }).name] : []));
}

async function readConfigs(configFile: string): Promise<ConfigsFile | undefined> {
  if (!existsSync(configFile)) return undefined;
  try {
    const configs = JSON.parse(await readFile(configFile, 'utf8')) as unknown;
    return typeof configs === 'object' && configs !== null && !Array.isArray(configs) ? (configs as ConfigsFile) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Appends the entry to configs.json's `plugins`, written back as the repository keeps it (2-space JSON).
 * Answers why not when the file is missing, is not JSON or has no `plugins` list: then nothing is written
 * and the user is told what to add.
 */
export async function addToConfigs(configFile: string, entry: PluginConfigEntry): Promise<{ added: true } | { added: false; why: string }> {
  const configs = await readConfigs(configFile);
  if (!configs) return { added: false, why: existsSync(configFile) ? 'it is not a JSON object' : 'there is no such file' };
  if (!Array.isArray(configs.plugins)) return { added: false, why: 'it has no "plugins" list' };
  configs.plugins.push(entry);
  await writeFile(configFile, `${JSON.stringify(configs, null, 2)}\n`);
  return { added: true };
}
