import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { uiPluginConfigJsonSchema } from './index.js';

test('the ui-plugin.config.json JSON Schema requires the keys the zod schema requires and refuses unknown ones', () => {
  const schema = uiPluginConfigJsonSchema();
  assert.deepEqual(schema.required, ['name', 'scope', 'port', 'exposes', 'routes']);
  assert.equal(schema.additionalProperties, false);
});

test('the published ui-plugin.schema.json is the generated one', async () => {
  const file = new URL('../../ui-plugin.schema.json', import.meta.url);
  assert.deepEqual(
    JSON.parse(await readFile(file, 'utf8')),
    uiPluginConfigJsonSchema(),
    'ui-plugin.schema.json is stale: run node --conditions=development --import tsx packages/ui-sdk/src/config/write-ui-plugin-config-json-schema.ts',
  );
});
