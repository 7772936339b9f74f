import { z } from 'zod';
import { uiPluginConfigSchema } from './ui-plugin-config-schema.js';

/**
 * The JSON Schema of `ui-plugin.config.json`, published as `@lattice/ui-sdk/ui-plugin.schema.json` for
 * editors. The cross-field rules (routes.scope equals scope, every named module is exposed) are zod
 * refinements JSON Schema cannot say; `parseUiPluginConfig` and the remote build still enforce them.
 */
export function uiPluginConfigJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(uiPluginConfigSchema, { target: 'draft-7', io: 'input' });
  return {
    ...schema,
    title: 'Lattice UI plugin config (ui-plugin.config.json)',
    description: 'A UI plugin built with @lattice/ui-sdk/webpack: its federation scope, dev port, exposed modules, routes, menus and inbox slots',
  };
}
