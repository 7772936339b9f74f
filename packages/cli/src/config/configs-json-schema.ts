import { z } from 'zod';
import { configsSchema } from './configs-schema.js';

/**
 * configs.json's JSON Schema, generated from the zod schema the CLI validates with, so editors complete
 * and check the file by the same rules. Checks zod cannot express there (a plugin listed twice, ui_url
 * required for a remote UI) stay with `lattice validate`.
 */
export function configsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configsSchema, { target: 'draft-7', io: 'input' });
  return { ...schema, title: 'Lattice configs.json', description: 'The deployment file: which plugins run, and the services they use' };
}
