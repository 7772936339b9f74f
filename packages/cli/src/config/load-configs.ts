import { readFile } from 'node:fs/promises';
import { ConfigError } from './config-error.js';
import { configsSchema, type Configs } from './configs-schema.js';
import { issueMessage } from './issue-message.js';

function keyPath(path: PropertyKey[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === 'number') return `${text}[${part}]`;
    return text ? `${text}.${String(part)}` : String(part);
  }, '');
}

/** Reads and validates configs.json; its problems are one ConfigError naming the file and each key. */
export async function loadConfigs(file: string): Promise<Configs> {
  return parseConfigs(file, await readConfigsJson(file));
}

/** Reads configs.json as JSON, unchecked; a missing file or bad JSON is a ConfigError. */
export async function readConfigsJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(file, '', code === 'ENOENT' ? 'does not exist' : `cannot be read (${code})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(file, '', `is not valid JSON: ${(error as Error).message}`);
  }
}

/** Checks configs.json's content against its schema; every problem found is in the one ConfigError. */
export function parseConfigs(file: string, json: unknown): Configs {
  const result = configsSchema.safeParse(json, { error: issueMessage });
  if (!result.success) {
    // Every problem at once: fixing a file one message per run is slow.
    throw ConfigError.of(
      file,
      result.error.issues.map((issue) => ({
        key: keyPath(issue.path),
        problem: issue.code === 'unrecognized_keys' ? `has unknown keys: ${issue.keys.join(', ')}` : issue.message,
      })),
    );
  }
  return result.data;
}
