import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSubgraphSigner, subgraphSigningKey, WEBSOCKET_UPGRADE, type SignedRequest } from '@lattice/contracts';
import { loadPluginPackage } from '@lattice/platform';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { send, Tally, upgradeStatus } from './security-probe.js';

/**
 * Issue 33, "signatures over the whole request": a host accepts a gateway signature only for the plugin, method,
 * path and query string, and body it was made for, and only once; an upgrade's signature is good for the upgrade
 * alone. Each case is an attacker holding a header the gateway really made (captured on loopback).
 */
describe('security: gateway signatures cover the whole request, once', () => {
  let platform: TestPlatform;
  const tally = new Tally();
  const gateway = () => createSubgraphSigner(subgraphSigningKey(platform.authTokenSecret));
  const host = (plugin: string) => platform.plugins.get(plugin)!.url;
  const cookie = () => platform.authCookie;
  const count = async () => (await platform.graphql<{ documentsTotalCount: number }>('{ documentsTotalCount }')).data!.documentsTotalCount;
  const upgrade = (plugin: string, headers: Record<string, string>) => upgradeStatus(`${host(plugin)}/graphql`, headers);

  before(async () => {
    platform = await startTestPlatform({ plugins: [await loadPluginPackage('documents')] });
  });
  after(async () => {
    console.log(`# security (signatures): ${tally}`);
    await platform?.stop();
  });

  it('refuses a captured signed GET sent with another query string, and the upgrade signature used as a GET /graphql?query=', async () => {
    const query = encodeURIComponent('{ users { email role } }');
    const signedGet = gateway().headers({ audience: 'core', method: 'GET', target: `/graphql?query=${encodeURIComponent('{ currentUser { email } }')}` });
    const upgradeSignature = gateway().headers({ audience: 'core', method: WEBSOCKET_UPGRADE, target: '/graphql' });
    for (const [what, headers] of [
      ['a signed GET with another query string', signedGet],
      ["the websocket upgrade's signature", upgradeSignature],
    ] as const) {
      const answer = await send(`${host('core')}/graphql?query=${query}`, '', { ...headers, cookie: cookie(), 'apollo-require-preflight': 'true' }, 'GET');
      assert.ok(tally.record(answer.status === 403 && answer.code === 'FORBIDDEN'), `${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      assert.doesNotMatch(answer.text, /"users"/);
    }
  });

  it('accepts a signed POST once: replayed with the same or another cookie it is refused, and nothing is stored twice', async () => {
    const before = await count();
    const body = JSON.stringify({ query: 'mutation { documentsAdd(name: "signed once") { _id } }' });
    const headers = gateway().headers({ audience: 'documents', method: 'POST', target: '/graphql' }, body);
    const first = await send(`${host('documents')}/graphql`, body, { ...headers, cookie: cookie(), 'apollo-require-preflight': 'true' });
    assert.equal(first.status, 200, first.text);
    for (const replayCookie of [cookie(), 'auth-token=another']) {
      const replay = await send(`${host('documents')}/graphql`, body, { ...headers, cookie: replayCookie, 'apollo-require-preflight': 'true' });
      assert.ok(tally.record(replay.status === 403 && replay.code === 'FORBIDDEN'), `replay: ${replay.status} ${replay.text.slice(0, 200)}`);
    }
    assert.equal(await count(), before + 1);
  });

  it("refuses a signature made for one plugin's host at another's, for another path, or for another method", async () => {
    const body = JSON.stringify({ query: '{ users { email } }' });
    const cases: Array<[string, SignedRequest]> = [
      ['made for documents', { audience: 'documents', method: 'POST', target: '/graphql' }],
      ['made for another path', { audience: 'core', method: 'POST', target: '/graphql/other' }],
      ['made for a GET', { audience: 'core', method: 'GET', target: '/graphql' }],
    ];
    for (const [what, request] of cases) {
      const answer = await send(`${host('core')}/graphql`, body, { ...gateway().headers(request, body), cookie: cookie(), 'apollo-require-preflight': 'true' });
      assert.ok(tally.record(answer.status === 403 && answer.code === 'FORBIDDEN'), `${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
  });

  it("takes a websocket upgrade's signature once, for the upgrade only: a GET's signature does not open a socket", async () => {
    const signed = gateway().headers({ audience: 'documents', method: WEBSOCKET_UPGRADE, target: '/graphql' });
    assert.equal(await upgrade('documents', { ...signed, cookie: cookie() }), 101);
    assert.ok(tally.record((await upgrade('documents', { ...signed, cookie: cookie() })) === 403), 'the same upgrade signature twice');
    const getSignature = gateway().headers({ audience: 'documents', method: 'GET', target: '/graphql' });
    assert.ok(tally.record((await upgrade('documents', { ...getSignature, cookie: cookie() })) === 403), "a GET's signature on an upgrade");
  });

  it('still serves queries through the gateway', async () => {
    const answer = await platform.graphql<{ documentsTotalCount: number }>('{ documentsTotalCount }');
    assert.equal(typeof answer.data?.documentsTotalCount, 'number');
  });
});
