import { uiPluginConfigSchema, type UiPluginConfig } from './ui-plugin-config-schema.js';

export class UiPluginConfigError extends Error {
  override readonly name = 'UiPluginConfigError';
}

/** Validates a UI plugin config where it enters (the remote's build), naming every wrong key at once. */
export function parseUiPluginConfig(input: unknown, source = 'ui-plugin.config.json'): UiPluginConfig {
  const result = uiPluginConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new UiPluginConfigError(`${source} is not a valid UI plugin config:\n${problems.join('\n')}`);
}
