import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { createMessengerIntegration, startMessengerPlatform, type MessengerTestPlatform } from './test-support/start-messenger-platform.js';

// Issue 37: messengerIntegrationEdit names the settings' `updatedAt` the client read and is refused with CONFLICT
// when they changed since, storing nothing; without it the edit goes through as before.
let running: MessengerTestPlatform;
let platform: TestPlatform;
let integrationId: string;

before(async () => {
  running = await startMessengerPlatform('messenger-edit-conflict-test');
  platform = running.platform;
  integrationId = await createMessengerIntegration(platform, 'Shop');
});
after(async () => {
  await running?.stop();
});

interface Settings {
  integrationId: string;
  brandName: string;
  updatedAt: string | null;
}

const edit = 'mutation ($id: String!, $data: JSON!, $updatedAt: Date) { messengerIntegrationEdit(inboxId: $id, data: $data, updatedAt: $updatedAt) }';

async function settings(): Promise<Settings> {
  const listed = await platform.graphql<{ messengerIntegrations: Settings[] }>('{ messengerIntegrations }');
  assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
  return listed.data!.messengerIntegrations.find((entry) => entry.integrationId === integrationId)!;
}

describe('messengerIntegrationEdit with updatedAt', () => {
  it('refuses an edit from an old read with CONFLICT and keeps the newer settings', async () => {
    const read = await settings();
    assert.ok(read.updatedAt, 'a new messenger integration has an updatedAt');

    const first = await platform.graphql<{ messengerIntegrationEdit: Settings }>(edit, { id: integrationId, data: { brandName: 'Shop help' }, updatedAt: read.updatedAt });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    assert.equal(first.data!.messengerIntegrationEdit.brandName, 'Shop help');
    assert.notEqual(first.data!.messengerIntegrationEdit.updatedAt, read.updatedAt, 'the edit moves updatedAt on');

    const stale = await platform.graphql(edit, { id: integrationId, data: { brandName: 'Old tab' }, updatedAt: read.updatedAt });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    const kept = await settings();
    assert.deepEqual({ brandName: kept.brandName, updatedAt: kept.updatedAt }, { brandName: 'Shop help', updatedAt: first.data!.messengerIntegrationEdit.updatedAt });

    const unchecked = await platform.graphql(edit, { id: integrationId, data: { brandName: 'Shop desk' } });
    assert.equal(unchecked.errors, undefined, 'without updatedAt there is no check');
    assert.equal((await settings()).brandName, 'Shop desk');
  });

  it('an unknown inbox id is NOT_FOUND, with or without updatedAt', async () => {
    for (const updatedAt of [undefined, new Date().toISOString()]) {
      const missing = await platform.graphql(edit, { id: 'a'.repeat(24), data: { brandName: 'Nobody' }, updatedAt });
      assert.equal(missing.errors?.[0]?.extensions?.code, 'NOT_FOUND', JSON.stringify(missing));
    }
  });
});
