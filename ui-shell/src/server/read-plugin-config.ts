import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseUiPluginConfig, type UiPluginConfig } from '@lattice/ui-sdk/config';

/** The validated config a `ui: local` build wrote (`dist/ui-plugin.json`); undefined when there is none. */
export async function readPluginConfig(buildDir: string): Promise<UiPluginConfig | undefined> {
  const file = join(buildDir, 'ui-plugin.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  return parseUiPluginConfig(JSON.parse(text), file);
}
