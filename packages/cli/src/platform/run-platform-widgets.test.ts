import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createGraphQLClient, logIn } from '@lattice/platform/test-kit';
import { runPlatform, type RunningLattice } from './run-platform.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;
const owner = { email: 'owner@lattice.test', password: 'correct horse battery staple' };
let dataDir: string;
let lattice: RunningLattice;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lattice-widgets-'));
  process.env.LATTICE_OWNER_EMAIL = owner.email;
  process.env.LATTICE_OWNER_PASSWORD = owner.password;
  lattice = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
});
after(async () => {
  await lattice?.stop();
  delete process.env.LATTICE_OWNER_EMAIL;
  delete process.env.LATTICE_OWNER_PASSWORD;
  await rm(dataDir, { recursive: true, force: true });
});

describe('lattice start: the widgets service beside the platform', () => {
  it("serves the messenger (the repository's configs.json enables it) on the platform's own broker and pub/sub", async () => {
    assert.ok(lattice.widgetsUrl, 'a widgets service runs');
    const graphql = createGraphQLClient(`${lattice.gatewayUrl}/graphql`, { cookie: await logIn(`${lattice.gatewayUrl}/graphql`, owner) });
    const created = await graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
      'mutation { integrationsCreateExternalIntegration(kind: "messenger", name: "Site", data: {}) { _id } }',
    );
    assert.equal(created.errors, undefined, JSON.stringify(created.errors));
    const integrationId = created.data!.integrationsCreateExternalIntegration._id;
    const settings = await graphql<{ messengerIntegrations: Array<{ widgetsUrl: string }> }>('{ messengerIntegrations }');
    assert.equal(settings.data?.messengerIntegrations[0]?.widgetsUrl, 'http://localhost:3200', "configs.json's widgets.domain reaches the plugin");

    assert.equal((await fetch(`${lattice.widgetsUrl}/messenger.js`)).status, 200);
    const sent = await fetch(`${lattice.widgetsUrl}/api/messages?integrationId=${integrationId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ integrationId, body: 'Hello from npm start' }),
    });
    assert.equal(sent.status, 200);
    const filed = await graphql<{ conversations: Array<{ content: string }> }>('query ($id: String) { conversations(integrationId: $id) { content } }', { id: integrationId });
    assert.deepEqual(filed.data?.conversations, [{ content: 'Hello from npm start' }]);
  });
});
