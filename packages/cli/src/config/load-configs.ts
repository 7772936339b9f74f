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

/** Reads and validates configs.json; any problem is one ConfigError naming the file and the key. */
export async function loadConfigs(file: string): Promise<Configs> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(file, '', code === 'ENOENT' ? 'does not exist' : `cannot be read (${code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(file, '', `is not valid JSON: ${(error as Error).message}`);
  }
  const result = configsSchema.safeParse(json, { error: issueMessage });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const problem =
      issue.code === 'unrecognized_keys' ? `has unknown keys: ${issue.keys.join(', ')}` : issue.message;
    throw new ConfigError(file, keyPath(issue.path), problem);
  }
  return result.data;
}
