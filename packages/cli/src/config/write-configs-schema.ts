import { writeFile } from 'node:fs/promises';
import { configsJsonSchema } from './configs-json-schema.js';

// Regenerates the repository's configs.schema.json: node --conditions=development --import tsx packages/cli/src/config/write-configs-schema.ts
const file = new URL('../../../../configs.schema.json', import.meta.url);
await writeFile(file, `${JSON.stringify(configsJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
