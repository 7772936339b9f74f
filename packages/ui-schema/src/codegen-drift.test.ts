import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { generateAll, REFRESH_COMMAND, repoRoot, SCHEMA_FILE, uiPackages } from './generate-operation-types.js';

test('the committed schema.graphql and generated operation types are what codegen makes now', { timeout: 120_000 }, async () => {
  const files = await generateAll();
  assert.equal(files.size, 1 + uiPackages.length);
  for (const [file, generated] of files) {
    const committed = await readFile(path.join(repoRoot, file), 'utf8').catch(() => '(missing)');
    assert.equal(committed, generated, `${file} is out of date with the API plugins' typeDefs or the UI's gql documents; run \`${REFRESH_COMMAND}\` and commit the result`);
  }
});

test('the schema is the gateway composition of every API plugin: each plugin\'s root fields are in it', async () => {
  const schema = (await generateAll()).get(SCHEMA_FILE) ?? '';
  for (const field of ['documentsAdd', 'customers', 'currentUser', 'conversations', 'activityLogs', 'messengerIntegrations', 'imapAccounts', 'search']) {
    assert.match(schema, new RegExp(`\\b${field}\\b`), `${field} is missing from the composed schema`);
  }
  assert.doesNotMatch(schema, /join__|@link|_service/, 'the public schema carries no federation machinery');
});
