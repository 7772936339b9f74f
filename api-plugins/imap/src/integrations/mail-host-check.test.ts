import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import type { Connection } from 'mongoose';
import { readImapConfig } from '../config/imap-config.js';
import { openImapDatabase } from '../test-support/imap-database.js';
import { dovecotUnavailableReason, startDovecot, type TestDovecot } from '../test-support/start-dovecot.js';
import { startImapPlatform, type ImapTestPlatform } from '../test-support/start-imap-platform.js';
import { checkMailHost } from './check-mail-host.js';
import { isPrivateAddress } from './private-address.js';

const skip = dovecotUnavailableReason();
if (skip) console.log(`# skipping the IMAP host tests against Dovecot: ${skip}`);

const run = randomBytes(3).toString('hex');
const privateRefusal = /is a loopback, private, link-local or other special-purpose address/;

describe('which addresses count as private', () => {
  it('loopback, RFC 1918, link-local, fc00::/7, the unspecified address and IPv4-mapped forms of them', () => {
    const privateOnes = ['127.0.0.1', '127.8.9.10', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1'];
    const privateV6 = ['::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1'];
    // IANA special-purpose ranges past the private ones: NAT64 (to 127.0.0.1), 6to4 and Teredo wrapping loopback,
    // IPv4-translated, documentation, benchmarking, multicast, reserved.
    const specialPurpose = ['64:ff9b::7f00:1', '64:ff9b:1::a00:1', '2002:7f00:1::', '2001::1', '::ffff:0:7f00:1', '2001:db8::1', '192.0.2.1', '198.18.0.1', '224.0.0.1', '240.0.0.1', '255.255.255.255', 'ff02::1', '100::1'];
    for (const address of specialPurpose) assert.equal(isPrivateAddress(address), true, address);
    const publicOnes = ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8'];
    for (const address of [...privateOnes, ...privateV6]) assert.equal(isPrivateAddress(address), true, address);
    for (const address of publicOnes) assert.equal(isPrivateAddress(address), false, address);
  });

  it('a host is checked by every address its name resolves to, and not at all when private hosts are allowed', async () => {
    await assert.rejects(checkMailHost('IMAP host', 'localhost', false), privateRefusal);
    await assert.rejects(checkMailHost('IMAP host', '10.0.0.7', false), /The IMAP host 10\.0\.0\.7 is a loopback, private, link-local or other special-purpose address/);
    await assert.rejects(checkMailHost('SMTP host', '::1', false), privateRefusal);
    await assert.rejects(checkMailHost('IMAP host', `no-such-host-${run}.invalid`, false), /cannot be resolved \(ENOTFOUND\)/);
    await checkMailHost('IMAP host', '93.184.216.34', false);
    await checkMailHost('IMAP host', 'localhost', true);
  });
});

describe('the imap plugin settings (configs.json extra_env)', () => {
  it('defaults to a 25 MB body limit, and to private hosts refused in production only', () => {
    assert.deepEqual(readImapConfig({}), { receiveLimitBytes: 25 * 1024 * 1024, allowPrivateHosts: true });
    assert.equal(readImapConfig({ NODE_ENV: 'production' }).allowPrivateHosts, false);
    assert.throws(() => readImapConfig({ NODE_ENV: 'production', IMAP_ALLOW_PRIVATE_HOSTS: 'true' }), /IMAP_ALLOW_PRIVATE_HOSTS is for development and tests only/);
    // NODE_ENV=production that the CLI chose for the libraries (npm start, services mode) is not a production deployment.
    assert.equal(readImapConfig({ NODE_ENV: 'production', LATTICE_NODE_ENV_DEFAULTED: '1' }).allowPrivateHosts, true);
    assert.equal(readImapConfig({ IMAP_ALLOW_PRIVATE_HOSTS: 'false' }).allowPrivateHosts, false);
    assert.equal(readImapConfig({ IMAP_RECEIVE_LIMIT_MB: '1.5' }).receiveLimitBytes, 1.5 * 1024 * 1024);
  });

  it('refuses a bad value, naming the setting', () => {
    assert.throws(() => readImapConfig({ IMAP_ALLOW_PRIVATE_HOSTS: 'yes' }), /IMAP_ALLOW_PRIVATE_HOSTS/);
    assert.throws(() => readImapConfig({ IMAP_RECEIVE_LIMIT_MB: 'lots' }), /IMAP_RECEIVE_LIMIT_MB/);
    assert.throws(() => readImapConfig({ IMAP_RECEIVE_LIMIT_MB: '0' }), /IMAP_RECEIVE_LIMIT_MB/);
  });
});

async function createIntegration(platform: TestPlatform, name: string, data: Record<string, unknown>) {
  return platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
    'mutation ($name: String!, $data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: $name, data: $data) { _id } }',
    { name, data },
  );
}

describe('creating an IMAP integration in production', { skip }, () => {
  let dovecot: TestDovecot;
  before(async () => {
    dovecot = await startDovecot();
  });
  after(async () => {
    await dovecot?.stop();
  });
  const account = (host = dovecot.host) => ({ host, port: dovecot.port, tls: false, user: dovecot.user, password: dovecot.password });

  describe('without IMAP_ALLOW_PRIVATE_HOSTS', () => {
    let running: ImapTestPlatform;
    let imapDb: Connection;
    before(async () => {
      running = await startImapPlatform('imap-host-check-refused', { NODE_ENV: 'production' });
      await createIntegration(running.platform, 'Webhook only', {});
      imapDb = await openImapDatabase(running.platform.mongoUrl);
    });
    after(async () => {
      await imapDb?.close();
      await running?.stop();
    });

    it('refuses a host on a loopback, private or link-local address with a clear error, and keeps nothing', async () => {
      const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
        ['Dovecot on 127.0.0.1', account(), /imap: The IMAP host 127\.0\.0\.1 is a loopback, private, link-local or other special-purpose address.*IMAP_ALLOW_PRIVATE_HOSTS/],
        ['by name', account('localhost'), /The IMAP host localhost is a loopback/],
        ['cloud metadata', account('169.254.169.254'), /The IMAP host 169\.254\.169\.254 is a loopback/],
        ['private SMTP host', { ...account('93.184.216.34'), smtpHost: '192.168.0.10' }, /The SMTP host 192\.168\.0\.10 is a loopback/],
      ];
      for (const [name, data, reason] of refusals) {
        const response = await createIntegration(running.platform, name, data);
        assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', name);
        assert.match(response.errors?.[0]?.message ?? '', reason);
      }
      const names = await running.platform.graphql<{ integrations: Array<{ name: string }> }>('{ integrations(kind: "imap") { name } }');
      assert.deepEqual(names.data?.integrations.map((integration) => integration.name), ['Webhook only']);
      assert.equal(await imapDb.collection('imap_integrations').countDocuments({ host: { $exists: true } }), 0);
      assert.equal(await dovecot.establishedConnections(), 0, 'nothing connected to the refused host');
    });
  });

  describe('with IMAP_ALLOW_PRIVATE_HOSTS "true"', () => {
    let running: ImapTestPlatform;
    const fakeServers: Server[] = [];
    before(async () => {
      running = await startImapPlatform('imap-host-check-allowed', { NODE_ENV: 'development', IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
    });
    after(async () => {
      for (const server of fakeServers) server.close();
      await running?.stop();
    });

    /** A server on 127.0.0.1 that greets like an IMAP server (or another service) with text of its own. */
    async function fakeServer(greeting: string, answer?: (tag: string) => string): Promise<number> {
      const server = createServer((socket) => {
        socket.on('error', () => undefined);
        socket.write(greeting);
        socket.on('data', (data) => {
          const tag = data.toString().split(' ')[0] ?? '*';
          if (answer) socket.write(answer(tag));
        });
      });
      fakeServers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    }

    it('connects to Dovecot on 127.0.0.1 and syncs', async () => {
      const response = await createIntegration(running.platform, 'Allowed', account());
      assert.equal(response.errors, undefined, JSON.stringify(response.errors));
      const accounts = await running.platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
      const listed = accounts.data?.imapAccounts.find((entry) => entry.inboxId === response.data?.integrationsCreateExternalIntegration._id);
      assert.equal(listed?.syncing, true);
    });

    it('says why a server refused without repeating its greeting or its answers', async () => {
      const secret = `SECRET-${run}`;
      const refusing = await fakeServer(`* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ${secret} greeting\r\n`, (tag) => `${tag} NO ${secret} refusal text\r\n`);
      const closing = await fakeServer(`* BYE ${secret} internal-service v1.2.3\r\n`);
      const cases: Array<[number, RegExp]> = [
        [refusing, /imap: The IMAP server 127\.0\.0\.1:\d+ refused: Authentication failed \(wrong user or password\)$/],
        [closing, /imap: The IMAP server 127\.0\.0\.1:\d+ refused: the server closed the connection$/],
      ];
      for (const [port, reason] of cases) {
        const response = await createIntegration(running.platform, `Fake ${port}`, { host: '127.0.0.1', port, tls: false, user: 'u', password: 'p' });
        const message = response.errors?.[0]?.message ?? '';
        assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
        assert.match(message, reason);
        assert.doesNotMatch(JSON.stringify(response.errors), new RegExp(secret));
      }
    });
  });
});
