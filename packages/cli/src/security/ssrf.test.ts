import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startImapPlatform, type ImapTestPlatform } from '@lattice/plugin-imap/test-kit';
import { validate } from '../commands/validate.js';
import { Tally } from './security-probe.js';

/** Every spelling of "this machine" an attacker tried: literal, mapped, translated, tunnelled and by name. */
const loopbackTargets = [
  '127.0.0.1',
  '127.1.2.3',
  '0.0.0.0',
  'localhost',
  '::1',
  '::',
  '::ffff:127.0.0.1',
  '::ffff:0:7f00:1',
  '::127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b:1::7f00:1',
  '2002:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
  '169.254.169.254',
  '100.64.0.1',
  '10.0.0.1',
  'fd00::1',
  'fe80::1',
];

/**
 * Issue 33, "SSRF guard complete": in production no IMAP or SMTP host that is loopback, private or any other
 * IANA special-purpose address is accepted (nothing stored, nothing connected), and a configs.json that allows
 * private hosts fails `lattice validate` for production, naming the setting.
 */
describe('security: mail hosts cannot reach the machine or its network', () => {
  let running: ImapTestPlatform;
  let listener: Server;
  let connections = 0;
  let dir: string;
  const tally = new Tally();

  before(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    running = await startImapPlatform('security-ssrf', { NODE_ENV: 'production' });
    dir = await mkdtemp(join(tmpdir(), 'lattice-ssrf-'));
  });
  after(async () => {
    console.log(`# security (SSRF): ${tally}`);
    await running?.stop();
    listener?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`refuses all ${loopbackTargets.length} loopback and special-purpose targets as IMAP and as SMTP host with BAD_USER_INPUT, storing and connecting nothing`, async () => {
    const port = (listener.address() as { port: number }).port;
    for (const target of loopbackTargets) {
      for (const data of [
        { host: target, port, tls: false, user: 'victim', password: 'sent to the fake server' },
        { host: '93.184.216.34', port, tls: false, user: 'victim', password: 'sent to the fake server', smtpHost: target, smtpPort: port },
      ]) {
        const answer = await running.platform.graphql(
          'mutation ($name: String!, $data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: $name, data: $data) { _id } }',
          { name: `ssrf ${target}`, data },
        );
        const refused = answer.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT' && /special-purpose address/.test(answer.errors[0]?.message ?? '');
        assert.ok(tally.record(refused), `${target} as ${data.smtpHost ? 'SMTP' : 'IMAP'} host: ${JSON.stringify(answer.errors ?? answer.data)}`);
      }
    }
    const stored = await running.platform.graphql<{ integrations: Array<{ name: string }> }>('{ integrations(kind: "imap") { name } }');
    assert.deepEqual(stored.data?.integrations, []);
    assert.equal(connections, 0, 'a connection reached the fake mail server on 127.0.0.1');
  });

  it("fails `lattice validate` for production on a configs.json with IMAP_ALLOW_PRIVATE_HOSTS, naming it; the repository's own configs.json has none", async () => {
    const file = join(dir, 'configs.json');
    await writeFile(file, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins: [{ name: 'imap', extra_env: { IMAP_ALLOW_PRIVATE_HOSTS: 'true' } }] }));
    const refused = await validate({ config: file, production: true }).then(
      () => undefined,
      (error: Error) => error,
    );
    assert.ok(tally.record(/plugins\[0\]\.extra_env\.IMAP_ALLOW_PRIVATE_HOSTS.*production refuses it/.test(refused?.message ?? '')), String(refused?.message));
    const repository = await readFile(new URL('../../../../configs.json', import.meta.url), 'utf8');
    assert.doesNotMatch(repository, /IMAP_ALLOW_PRIVATE_HOSTS/);
  });
});
