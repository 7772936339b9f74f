import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateAll, repoRoot } from './generate-operation-types.js';

// Writes packages/ui-schema/schema.graphql and each UI package's src/graphql/generated.ts.
for (const [file, text] of await generateAll()) {
  const target = path.join(repoRoot, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
  console.log(`wrote ${file}`);
}
