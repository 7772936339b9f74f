import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from './plugin.js';

let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
});
after(async () => {
  await platform?.stop();
});

const day = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

interface Summary {
  total: number;
  checked: number;
  expiringSoon: number;
  expiringWithinDays: number;
}

async function summary(expiringWithinDays?: number) {
  return platform.graphql<{ documentsSummary: Summary }>('query ($days: Int) { documentsSummary(expiringWithinDays: $days) { total checked expiringSoon expiringWithinDays } }', {
    days: expiringWithinDays,
  });
}

describe('documentsSummary', () => {
  it('counts all documents, the checked ones, and those expiring within 30 days by default (not expired ones)', async () => {
    const documents = [
      { name: 'Expired', expiryDate: inDays(-2), checked: true },
      { name: 'Next week', expiryDate: inDays(7), checked: true },
      { name: 'In 20 days', expiryDate: inDays(20) },
      { name: 'In 90 days', expiryDate: inDays(90), checked: false },
      { name: 'No date' },
    ];
    for (const document of documents) {
      const added = await platform.graphql('mutation ($name: String, $expiryDate: Date, $checked: Boolean) { documentsAdd(name: $name, expiryDate: $expiryDate, checked: $checked) { _id } }', document);
      assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    }
    const byDefault = await summary();
    assert.deepEqual(byDefault.data, { documentsSummary: { total: 5, checked: 2, expiringSoon: 2, expiringWithinDays: 30 } }, JSON.stringify(byDefault.errors));
    const wider = await summary(120);
    assert.deepEqual(wider.data?.documentsSummary, { total: 5, checked: 2, expiringSoon: 3, expiringWithinDays: 120 });
  });

  it('refuses a window out of bounds, naming the rule', async () => {
    for (const days of [0, 366]) {
      const response = await summary(days);
      assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
      assert.match(response.errors![0]!.message, /expiringWithinDays must be between 1 and 365/);
    }
  });
});
