import { writeFile } from 'node:fs/promises';
import { uiPluginConfigJsonSchema } from './ui-plugin-config-json-schema.js';

// Regenerates the published schema: node --conditions=development --import tsx packages/ui-sdk/src/config/write-ui-plugin-config-json-schema.ts
const file = new URL('../../ui-plugin.schema.json', import.meta.url);
await writeFile(file, `${JSON.stringify(uiPluginConfigJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
