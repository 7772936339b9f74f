import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseUiPluginConfig, type UiPluginConfig } from '../config/index.js';

export const uiPluginConfigFileName = 'ui-plugin.config.json';

/** Reads and validates `<dir>/ui-plugin.config.json`. */
export function readUiPluginConfig(dir: string): UiPluginConfig {
  const file = join(dir, uiPluginConfigFileName);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseUiPluginConfig(raw, file);
}
