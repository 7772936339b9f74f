import { InputError, type PluginDefinition } from '@lattice/plugin-sdk';

export class PluginDependencyError extends InputError {}

/**
 * Refuses a set of enabled plugins in which one needs a plugin that is not enabled, naming both, so a
 * configs.json mistake stops every start (and `lattice validate`) instead of failing at the first message.
 */
export function checkPluginDependencies(enabled: readonly PluginDefinition[]): void {
  const names = new Set(enabled.map((definition) => definition.name));
  const missing = enabled.flatMap((definition) =>
    (definition.dependsOn ?? []).filter((needed) => !names.has(needed)).map((needed) => `"${definition.name}" needs "${needed}"`),
  );
  if (missing.length > 0) {
    throw new PluginDependencyError(`Enabled plugins are missing what they need: ${missing.join(', ')}; enable it or remove the plugin that needs it`);
  }
}
