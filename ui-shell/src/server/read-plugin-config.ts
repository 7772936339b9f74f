import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseUiPluginConfig, type UiPluginConfig } from '@lattice/ui-sdk/config';

/**
 * The validated config a remote build wrote (`dist/ui-plugin.json`), or, for a `remote` plugin whose
 * build is elsewhere, the source `ui-plugin.config.json` beside `dist/`. Undefined when neither exists.
 */
export async function readPluginConfig(buildDir: string, allowSource: boolean): Promise<UiPluginConfig | undefined> {
  const candidates = [join(buildDir, 'ui-plugin.json')];
  if (allowSource) candidates.push(join(dirname(buildDir), 'ui-plugin.config.json'));
  for (const file of candidates) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    return parseUiPluginConfig(JSON.parse(text), file);
  }
  return undefined;
}
