import { writeFile } from 'node:fs/promises';
import { latticePluginDescriptorJsonSchema } from './lattice-plugin-descriptor-schema.js';

// Regenerates the published schema: node --conditions=development --import tsx packages/ui-sdk/src/config/write-descriptor-json-schema.ts
const file = new URL('../../lattice-plugin.schema.json', import.meta.url);
await writeFile(file, `${JSON.stringify(latticePluginDescriptorJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
