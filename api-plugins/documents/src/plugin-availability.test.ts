import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from './plugin.js';

let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin], healthPollIntervalMs: 100 });
});
after(async () => {
  await platform?.stop();
});

it('fails documents fields with PLUGIN_UNAVAILABLE while its host is down, and recovers without a gateway restart', async () => {
  await platform.graphql('mutation { documentsAdd(name: "survives") { _id } }');
  const query = '{ documents { name } documentsTotalCount }';

  await platform.stopPlugin('documents');
  const down = await platform.graphql(query);
  assert.equal(down.errors?.[0]?.extensions?.code, 'PLUGIN_UNAVAILABLE');
  assert.match(down.errors?.[0]?.message ?? '', /documents/);

  await platform.startPlugin('documents');
  let response = await platform.graphql<{ documents: Array<{ name: string }>; documentsTotalCount: number }>(query);
  for (let attempt = 0; attempt < 50 && response.errors; attempt += 1) {
    await delay(100);
    response = await platform.graphql(query);
  }
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  assert.deepEqual(response.data?.documents.map((document) => document.name), ['survives']);
  assert.equal(response.data?.documentsTotalCount, 1);
});
