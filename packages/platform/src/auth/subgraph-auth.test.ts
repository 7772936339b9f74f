import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/contracts';
import { startTestDatabase } from '../test-kit/test-database.js';
import { waitFor } from '../test-kit/wait-for.js';
import { answerSessionChecks, type TestSessions, type TestSessionUser } from '../test-kit/answer-session-checks.js';
import { SignJWT, UnsecuredJWT } from 'jose';
import { definePlugin, type PluginRequestContext, signAuthToken } from '@lattice/plugin-sdk';
import { createLogger } from '../host/create-logger.js';
import { startPlugin, type RunningPlugin } from '../host/start-plugin.js';

const secret = 'subgraph-auth-test-secret-0123456789abcdef';
const broker = createInProcessBroker();
let plugin: RunningPlugin;
let sessions: TestSessions;
let stopMongo: () => Promise<void>;

const guardedPlugin = definePlugin({
  name: 'guarded',
  operations: { Query: { hello: 'public', whoAmI: 'authenticated', report: 'readReports' } },
  permissions: { reports: { description: 'Reports', actions: { readReports: { description: 'Read reports', roles: ['owner', 'admin'] } } } },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Query { hello: String, whoAmI: String, report: String }
    `,
    resolvers: {
      Query: {
        hello: () => 'hi',
        whoAmI: (_: unknown, __: unknown, context: PluginRequestContext) => `${context.user?.email} (${context.user?.role})`,
        // The platform checks guarded:readReports before this runs.
        report: () => 'numbers',
      },
    },
  }),
});

before(async () => {
  const database = await startTestDatabase();
  stopMongo = database.stop;
  sessions = await answerSessionChecks(broker, secret);
  plugin = await startPlugin(guardedPlugin, {
    mongoUrl: database.url,
    broker,
    authTokenSecret: secret,
    logger: createLogger('test', 'silent'),
  });
});
after(async () => {
  await plugin?.stop();
  await broker.close();
  await stopMongo?.();
});

// Only the gateway may call a subgraph: these requests carry its signature, as the gateway's would.
const gateway = createSubgraphSigner(subgraphSigningKey(secret));

async function ask(query: string, token?: string) {
  const body = JSON.stringify({ query });
  const response = await fetch(`${plugin.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...gateway.headers({ audience: 'guarded', method: 'POST', target: '/graphql' }, body), ...(token ? { cookie: `auth-token=${token}` } : {}) },
    body,
  });
  return (await response.json()) as { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

const member = { _id: '0123456789abcdef01234567', email: 'member@example.com', role: 'member' as const };
// What a user may do comes from the core's session check (the test's stand-in answers these), never from the token.
const admin = { ...member, email: 'admin@example.com', role: 'admin' as const, permissions: ['guarded:readReports'] };
const key = new TextEncoder().encode(secret);
const signed = async (user: TestSessionUser) => (await sessions.sign(user)).token;

describe('every subgraph verifies the auth-token itself', () => {
  it('serves public fields and the federation SDL without a token', async () => {
    assert.deepEqual((await ask('{ hello }')).data, { hello: 'hi' });
    assert.ok((await ask('{ _service { sdl } }')).data);
  });

  it('refuses a protected field without a token, before resolving anything', async () => {
    const result = await ask('{ hello whoAmI }');
    assert.equal(result.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.equal(result.data, undefined);
  });

  it('puts the verified user in the context', async () => {
    const result = await ask('{ whoAmI }', await signed(member));
    assert.deepEqual(result.data, { whoAmI: 'member@example.com (member)' });
  });

  it('refuses a well-signed token whose session has ended, or that names no session', async () => {
    const { token, sessionId } = await sessions.sign(member);
    assert.deepEqual((await ask('{ whoAmI }', token)).data, { whoAmI: 'member@example.com (member)' });
    await sessions.revoke(sessionId);
    // Without a pub/sub message the host's cache answers for at most a few seconds.
    const result = await waitFor(() => ask('{ whoAmI }', token), (answer) => !!answer.errors, { intervalMs: 100 });
    assert.equal(result.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(result));
    const sessionless = await ask('{ whoAmI }', await signAuthToken(member, secret));
    assert.equal(sessionless.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  });

  it('takes the role from the session, not from the token', async () => {
    const { sessionId } = await sessions.sign(member);
    const claimsOwner = await signAuthToken({ ...member, role: 'owner', sessionId }, secret);
    assert.deepEqual((await ask('{ whoAmI }', claimsOwner)).data, { whoAmI: 'member@example.com (member)' });
    assert.equal((await ask('{ report }', claimsOwner)).errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });

  const refused: Array<[string, () => Promise<string>]> = [
    ['an expired token', () => new SignJWT({ email: member.email, role: 'member' }).setProtectedHeader({ alg: 'HS256' }).setSubject(member._id).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(key)],
    ['a token signed with another secret', () => signAuthToken({ ...member, sessionId: 'no-such-session-0123' }, 'another-secret-another-secret-0123456789')],
    ['an unsigned token (alg: none)', async () => new UnsecuredJWT({ email: member.email, role: 'owner' }).setSubject(member._id).setExpirationTime('1h').encode()],
    ['a token with another algorithm (HS512)', () => new SignJWT({ email: member.email, role: 'owner' }).setProtectedHeader({ alg: 'HS512' }).setSubject(member._id).setExpirationTime('1h').sign(key)],
    ['a tampered token', async () => {
      const [header, , signature] = (await signed(member)).split('.');
      const payload = Buffer.from(JSON.stringify({ sub: member._id, email: member.email, role: 'owner', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
      return `${header}.${payload}.${signature}`;
    }],
    ['a malformed cookie', async () => 'not.a.jwt%%'],
  ];
  for (const [title, token] of refused) {
    it(`refuses ${title}`, async () => {
      const result = await ask('{ whoAmI }', await token());
      assert.equal(result.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(result));
    });
  }

  it('checks declared permissions with one helper: FORBIDDEN for a role without it', async () => {
    const forbidden = await ask('{ report }', await signed(member));
    assert.equal(forbidden.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    assert.match(forbidden.errors?.[0]?.message ?? '', /guarded:readReports/);
    const allowed = await ask('{ report }', await signed(admin));
    assert.deepEqual(allowed.data, { report: 'numbers' });
  });
});
