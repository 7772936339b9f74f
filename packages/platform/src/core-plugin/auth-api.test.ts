import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signAuthToken } from '@lattice/plugin-sdk';
import { logIn, startTestPlatform, type TestPlatform } from '../test-kit/index.js';
import { SignJWT, UnsecuredJWT } from 'jose';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/contracts';

let platform: TestPlatform;
let graphqlUrl: string;

before(async () => {
  platform = await startTestPlatform({ plugins: [] });
  graphqlUrl = `${platform.gatewayUrl}/graphql`;
});
after(async () => {
  await platform?.stop();
});

const loginMutation = 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { email role } }';

async function post(body: string, headers: Record<string, string>) {
  const response = await fetch(graphqlUrl, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

function loginAs(email: string, password: string, headers: Record<string, string> = {}) {
  return post(JSON.stringify({ query: loginMutation, variables: { email, password } }), { 'content-type': 'application/json', ...headers });
}

async function addUser(email: string, role = 'member', password = 'a fair test password 123') {
  const added = await platform.graphql('mutation ($email: String!, $password: String!, $role: UserRole) { usersAdd(email: $email, password: $password, role: $role) { _id } }', {
    email,
    password,
    role,
  });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  return { email, password };
}

describe('login through the gateway', () => {
  it('sets an httpOnly, SameSite=Lax auth-token cookie and returns the user', async () => {
    const response = await loginAs(platform.owner.email, platform.owner.password);
    assert.deepEqual(JSON.parse(response.text).data, { login: { email: platform.owner.email, role: 'owner' } });
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('auth-token='));
    assert.ok(cookie);
    assert.match(cookie, /; HttpOnly/i);
    assert.match(cookie, /; SameSite=Lax/i);
    assert.match(cookie, /; Path=\//);
    assert.match(cookie, /; Max-Age=86400/);
    assert.doesNotMatch(cookie, /; Secure/i, 'no Secure flag over plain HTTP');
  });

  it('marks the cookie Secure when the request came over HTTPS (X-Forwarded-Proto)', async () => {
    const response = await loginAs(platform.owner.email, platform.owner.password, { 'x-forwarded-proto': 'https' });
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('auth-token='));
    assert.match(cookie ?? '', /; Secure/i);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = JSON.parse((await loginAs(platform.owner.email, 'not the password')).text);
    const unknown = JSON.parse((await loginAs('nobody@example.com', 'not the password')).text);
    for (const body of [wrong, unknown]) {
      assert.equal(body.errors[0].extensions.code, 'UNAUTHENTICATED');
      assert.equal(body.errors[0].message, 'Wrong e-mail or password');
    }
  });

  it('knows the current user from the cookie, and logout clears it', async () => {
    const me = await platform.graphql('{ currentUser { email role } }');
    assert.deepEqual(me.data, { currentUser: { email: platform.owner.email, role: 'owner' } });
    const anonymous = await platform.anonymousGraphql('{ currentUser { email } }');
    assert.deepEqual(anonymous.data, { currentUser: null });
    // A login of its own: logging out ends that session, and the platform's owner cookie stays live.
    const cookie = await logIn(graphqlUrl, platform.owner);
    const logout = await platform.anonymousGraphql('mutation { logout }', undefined, { cookie });
    assert.match(logout.headers.getSetCookie().join(), /auth-token=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('makes one address wait longer after each wrong password for an e-mail, and the owner elsewhere logs in', async () => {
    const user = await addUser('throttled@example.com');
    const attacker = { 'x-forwarded-for': '198.51.100.66' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const body = JSON.parse((await loginAs(user.email, `wrong ${attempt}`, attacker)).text);
      assert.equal(body.errors[0].message, 'Wrong e-mail or password');
    }
    // The fifth wrong password made this address wait; even the right password waits from it.
    const waiting = JSON.parse((await loginAs(user.email, user.password, attacker)).text);
    assert.equal(waiting.errors[0].extensions.code, 'UNAUTHENTICATED');
    assert.match(waiting.errors[0].message, /^Too many failed logins; try again in \d+ seconds$/);
    const owner = await loginAs(user.email, user.password, { 'x-forwarded-for': '203.0.113.5' });
    assert.equal(JSON.parse(owner.text).errors, undefined, 'the account owner logs in from another address');
    const other = JSON.parse((await loginAs(platform.owner.email, platform.owner.password, attacker)).text);
    assert.equal(other.errors, undefined, 'other accounts are not affected from that address');
  });

  it('slows a guess spread over many addresses for new addresses only; an address that logged in before is not slowed', async () => {
    const user = await addUser('spread.guess@example.com');
    const home = { 'x-forwarded-for': '203.0.113.20' };
    assert.equal(JSON.parse((await loginAs(user.email, user.password, home)).text).errors, undefined);
    // Twenty wrong passwords from four addresses, five each: no address has to wait yet.
    for (let bot = 0; bot < 4; bot += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const body = JSON.parse((await loginAs(user.email, `wrong ${attempt}`, { 'x-forwarded-for': `192.0.2.${bot + 10}` })).text);
        assert.equal(body.errors[0].message, 'Wrong e-mail or password');
      }
    }
    const fresh = JSON.parse((await loginAs(user.email, user.password, { 'x-forwarded-for': '192.0.2.99' })).text);
    assert.match(fresh.errors?.[0]?.message ?? '', /^Too many failed logins; try again in \d+ seconds$/);
    const owner = JSON.parse((await loginAs(user.email, user.password, home)).text);
    assert.equal(owner.errors, undefined, "the address the owner logged in from is not slowed by others' failures");
  });

  it('answers a locked real account and an unknown e-mail alike, in similar time', async () => {
    const user = await addUser('locked.alike@example.com');
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const answers: Record<string, { message: string; code: string; ms: number }> = {};
    for (const email of [user.email, 'nobody.at.all@example.com']) {
      for (let attempt = 0; attempt < 5; attempt += 1) await loginAs(email, `wrong ${attempt}`, from);
      const startedAt = performance.now();
      const body = JSON.parse((await loginAs(email, 'another wrong one', from)).text);
      answers[email] = { message: body.errors[0].message, code: body.errors[0].extensions.code, ms: performance.now() - startedAt };
    }
    const [known, unknown] = Object.values(answers);
    assert.equal(known!.code, 'UNAUTHENTICATED');
    assert.deepEqual([known!.message, known!.code], [unknown!.message, unknown!.code]);
    assert.ok(Math.abs(known!.ms - unknown!.ms) < 100, `answered in ${known!.ms.toFixed(1)} and ${unknown!.ms.toFixed(1)} ms`);
  });

  it('refuses a deactivated user exactly as a wrong password, so the answer tells nothing about the account', async () => {
    const user = await addUser('leaver@example.com');
    const users = await platform.graphql<{ users: Array<{ _id: string; email: string }> }>('{ users { _id email } }');
    const id = users.data?.users.find((listed) => listed.email === user.email)?._id;
    await platform.graphql('mutation ($id: String!) { usersDeactivate(_id: $id) { isActive } }', { id });
    const refused = JSON.parse((await loginAs(user.email, user.password)).text);
    assert.deepEqual([refused.errors[0].message, refused.errors[0].extensions.code], ['Wrong e-mail or password', 'UNAUTHENTICATED']);
  });
});

describe('tokens the gateway and every subgraph refuse', () => {
  const member = { _id: '0123456789abcdef01234567', email: 'member@example.com', role: 'member' as const };
  const key = () => new TextEncoder().encode(platform.authTokenSecret);
  const cases: Array<[string, () => Promise<string>]> = [
    ['no cookie at all', async () => ''],
    ['a malformed cookie', async () => 'auth-token=%%%not-a-token'],
    ['a tampered token', async () => {
      const [header, , signature] = (await signAuthToken(member, platform.authTokenSecret)).split('.');
      const payload = Buffer.from(JSON.stringify({ sub: member._id, email: member.email, role: 'owner', exp: 4102444800 })).toString('base64url');
      return `auth-token=${header}.${payload}.${signature}`;
    }],
    ['an expired token', async () => `auth-token=${await new SignJWT({ email: member.email, role: 'owner' }).setProtectedHeader({ alg: 'HS256' }).setSubject(member._id).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(key())}`],
    ['a token signed with another secret', async () => `auth-token=${await signAuthToken(member, 'another secret, also long enough to sign')}`],
    ['alg: none', async () => `auth-token=${new UnsecuredJWT({ email: member.email, role: 'owner' }).setSubject(member._id).setExpirationTime('1h').encode()}`],
  ];
  for (const [title, cookie] of cases) {
    it(`refuses ${title} with UNAUTHENTICATED`, async () => {
      const value = await cookie();
      const response = await platform.anonymousGraphql('{ users { email } }', undefined, value ? { cookie: value } : {});
      assert.equal(response.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(response));
      assert.equal(response.data?.users, undefined);
    });
  }

  it('refuses a subgraph called directly, without the gateway (FORBIDDEN), and without a token (UNAUTHENTICATED)', async () => {
    const core = platform.plugins.get('core');
    const query = JSON.stringify({ query: '{ users { email } }' });
    const direct = await fetch(`${core?.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query });
    assert.equal(direct.status, 403);
    assert.equal(((await direct.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code, 'FORBIDDEN');
    const signed = await fetch(`${core?.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...createSubgraphSigner(subgraphSigningKey(platform.authTokenSecret)).headers({ audience: 'core', method: 'POST', target: '/graphql' }, query) },
      body: query,
    });
    const body = (await signed.json()) as { errors: Array<{ extensions: { code: string } }> };
    assert.equal(body.errors[0]?.extensions.code, 'UNAUTHENTICATED');
  });

  it('refuses a member what needs the owner: FORBIDDEN', async () => {
    const user = await addUser('plain.member@example.com');
    const cookie = (await loginAs(user.email, user.password)).headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const response = await platform.anonymousGraphql('{ users { email } }', undefined, { cookie });
    assert.equal(response.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });
});

describe('gateway defences', () => {
  it('refuses a text/plain or form-encoded POST without a preflight (CSRF)', async () => {
    const query = JSON.stringify({ query: '{ currentUser { email } }' });
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await post(query, { 'content-type': contentType, cookie: platform.authCookie });
      assert.ok(response.status >= 400 && response.status < 500, `${contentType}: ${response.status}`);
      assert.doesNotMatch(response.text, /currentUser"\s*:\s*\{/);
    }
    const get = await fetch(`${graphqlUrl}?query=${encodeURIComponent('{ currentUser { email } }')}`, { headers: { cookie: platform.authCookie } });
    assert.equal(get.status, 400);
  });

  it('refuses a depth-20 query before executing it', async () => {
    let selection = 'email';
    for (let level = 0; level < 20; level += 1) selection = `currentUser { ${selection} }`;
    const response = await platform.graphql(`{ ${selection} }`);
    const tooDeep = response.errors?.find((error) => /too deep/.test(error.message));
    assert.ok(tooDeep, JSON.stringify(response.errors));
    assert.equal(tooDeep.extensions?.code, 'QUERY_TOO_COMPLEX');
    assert.equal(response.data, undefined, 'nothing was executed');
  });

  it('refuses a 1,000-alias query before executing it', async () => {
    const aliases = Array.from({ length: 1000 }, (_, index) => `a${index}: currentUser { email }`).join(' ');
    const response = await platform.graphql(`{ ${aliases} }`);
    assert.equal(response.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    assert.match(response.errors?.[0]?.message ?? '', /too many aliases/);
    assert.equal(response.data, undefined);
  });

  it('refuses MongoDB operators smuggled in as arguments; none reaches the database', async () => {
    for (const email of [{ $gt: '' }, { $ne: null }, ['a@b.c']]) {
      const body = JSON.parse((await post(JSON.stringify({ query: loginMutation, variables: { email, password: { $gt: '' } } }), { 'content-type': 'application/json' })).text);
      assert.equal(body.errors[0].extensions.code, 'BAD_USER_INPUT', JSON.stringify(body));
      assert.equal(body.data, undefined);
    }
    const inline = await platform.anonymousGraphql('mutation { login(email: {gt: ""}, password: "x") { email } }');
    assert.equal(inline.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
  });

  it('hides introspection outside dev mode', async () => {
    const response = await platform.graphql('{ __schema { types { name } } }');
    assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
  });
});
