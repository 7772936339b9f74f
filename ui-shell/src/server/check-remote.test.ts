import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { checkRemote } from './check-remote.js';
import { descriptorOf, entryScript, startRemoteOrigin, type RemoteOrigin, type Served } from './test-support/remote-origin.js';

let origin: RemoteOrigin;
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

before(async () => {
  origin = await startRemoteOrigin();
});
after(async () => {
  await origin.close();
});

/** Deploys `name` under /<name>/ with the given descriptor and entry, and checks it. */
async function check(name: string, descriptor: Served | undefined, entry: Served = entryScript(name)) {
  if (descriptor) origin.files.set(`/${name}/lattice-plugin.json`, descriptor);
  origin.files.set(`/${name}/remoteEntry.js`, entry);
  return checkRemote({ name, remoteUrl: `${origin.url}/${name}/remoteEntry.js` }, { timeoutMs: 10_000 });
}

async function reasonOf(name: string, descriptor: Served | undefined, entry?: Served): Promise<string> {
  const result = await check(name, descriptor, entry);
  assert.equal(result.ok, false, `${name} is refused`);
  return result.ok ? '' : result.reason;
}

test('a remote whose descriptor is valid and whose entry is a script is accepted, asked for with no-cache', async () => {
  const result = await check('reports', descriptorOf('reports'));
  assert.ok(result.ok);
  assert.deepEqual(result.descriptor.menus.map((menu) => menu.url), ['/reports/']);
  assert.deepEqual(result.entry, { url: `${origin.url}/reports/remoteEntry.js`, type: 'script', version: sha256(entryScript('reports').body) });
  const asked = origin.requests.filter((request) => request.path.startsWith('/reports/'));
  // Its build manifest is asked for too (this remote publishes none: nothing more to check).
  assert.deepEqual(asked.map((request) => request.path).sort(), ['/reports/lattice-plugin.json', '/reports/mf-manifest.json', '/reports/remoteEntry.js']);
  assert.ok(asked.every((request) => request.cacheControl === 'no-cache'));
});

test('each bad descriptor is refused naming the field', async () => {
  assert.match(await reasonOf('missing', undefined), /^lattice-plugin\.json \(root\): http:\/\/127\.0\.0\.1:\d+\/missing\/lattice-plugin\.json answered HTTP 404$/);
  assert.match(await reasonOf('garbled', { body: '{ "name": ' }), /^lattice-plugin\.json \(root\): .* is not JSON$/);
  const { routes: _routes, ...withoutRoutes } = JSON.parse(descriptorOf('noroutes').body) as Record<string, unknown>;
  assert.match(await reasonOf('noroutes', { body: JSON.stringify(withoutRoutes) }), /^lattice-plugin\.json routes: is required/);
  const sidebar = descriptorOf('sidebar', { menus: [{ text: 'S', url: '/sidebar/', location: 'sidebar' }] });
  assert.match(await reasonOf('sidebar', sidebar), /^lattice-plugin\.json menus\.0\.location: /);
  assert.equal(await reasonOf('loose', descriptorOf('loose', { shared: { react: 'latest please' } })), 'lattice-plugin.json shared.react: must be a semver range, e.g. "^19.0.0"');
  assert.equal(await reasonOf('other', descriptorOf('someone')), 'lattice-plugin.json name: is "someone", but configs.json enables "other"');
});

test("a remote whose shared ranges the shell does not satisfy is refused before its code runs, with the versions", async () => {
  const provided = { react: '19.3.1' };
  origin.files.set('/old/lattice-plugin.json', descriptorOf('old', { shared: { react: '^18.2.0' } }));
  origin.files.set('/old/remoteEntry.js', entryScript('old'));
  const result = await checkRemote({ name: 'old', remoteUrl: `${origin.url}/old/remoteEntry.js` }, { timeoutMs: 10_000, provided });
  assert.deepEqual(result, { ok: false, check: 'version', reason: 'lattice-plugin.json shared.react: needs ^18.2.0, the shell has 19.3.1' });
});

test('an entry that answers 404, 500 or an HTML page is refused naming ui_url', async () => {
  assert.match(await reasonOf('gone', descriptorOf('gone'), { status: 404, type: 'text/plain', body: 'no' }), /^ui_url: http:\/\/127\.0\.0\.1:\d+\/gone\/remoteEntry\.js answered HTTP 404$/);
  assert.match(await reasonOf('broken', descriptorOf('broken'), { status: 500, type: 'text/plain', body: 'oops' }), /^ui_url: .* answered HTTP 500$/);
  const html = { type: 'text/html; charset=utf-8', body: '<!doctype html><title>Welcome</title>' };
  assert.match(await reasonOf('spa', descriptorOf('spa'), html), /^ui_url: .*\/spa\/remoteEntry\.js answered text\/html, not a script$/);
});

test("an entry that does not match its descriptor's entryHash is refused with both hashes; one that matches carries it for the browser", async () => {
  const entry = entryScript('signed');
  const good = await check('signed', descriptorOf('signed', { entryHash: sha384(entry.body) }), entry);
  assert.ok(good.ok);
  assert.equal(good.entry.integrity, sha384(entry.body));
  const swapped = await reasonOf('swapped', descriptorOf('swapped', { entryHash: sha384('another entry') }));
  assert.equal(
    swapped,
    `lattice-plugin.json entryHash: ${origin.url}/swapped/remoteEntry.js does not match it (expected ${sha384('another entry')}, served ${sha384(entryScript('swapped').body)}); the shell does not run it`,
  );
});

test('a remote whose server does not answer is refused, not waited on', async () => {
  const result = await checkRemote({ name: 'down', remoteUrl: 'http://127.0.0.1:9/remoteEntry.js' }, { timeoutMs: 10_000 });
  assert.equal(result.ok, false);
  assert.match(result.ok ? '' : result.reason, /^lattice-plugin\.json \(root\): http:\/\/127\.0\.0\.1:9\/lattice-plugin\.json could not be fetched \(.+\)$/);
});

test("the remote's own build manifest is read: a shared range its build needs or a shared React that is no singleton refuses it, whatever its descriptor says", async () => {
  const provided = { react: '19.3.1', '@lattice/ui-sdk': '0.2.0' };
  const manifest = (shared: unknown[]) => ({ body: JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } }, shared }) });
  const checkBuilt = async (name: string, shared: unknown[]) => {
    origin.files.set(`/${name}/lattice-plugin.json`, descriptorOf(name));
    origin.files.set(`/${name}/remoteEntry.js`, entryScript(name));
    origin.files.set(`/${name}/mf-manifest.json`, manifest(shared));
    return checkRemote({ name, remoteUrl: `${origin.url}/${name}/remoteEntry.js` }, { timeoutMs: 10_000, provided });
  };
  const fine = await checkBuilt('fine', [{ name: 'react/jsx-runtime', requiredVersion: '^19.3.1', singleton: true }, { name: 'dayjs', requiredVersion: '^1.0.0', singleton: false }]);
  assert.ok(fine.ok);
  assert.deepEqual(await checkBuilt('built18', [{ name: 'react/jsx-runtime', requiredVersion: '^18.2.0', singleton: true }]), {
    ok: false,
    check: 'version',
    reason: 'mf-manifest.json shared react/jsx-runtime: built for ^18.2.0, the shell has 19.3.1',
  });
  assert.deepEqual(await checkBuilt('copy', [{ name: 'react', requiredVersion: '^19.0.0', singleton: false }]), {
    ok: false,
    check: 'shared-module',
    reason: "mf-manifest.json shared react: not a singleton, so the remote may run a second copy beside the shell's 19.3.1",
  });
});

test('each refusal says which check failed', async () => {
  const checkOf = async (name: string, descriptor: Served | undefined, entry?: Served) => {
    const result = await check(name, descriptor, entry);
    return result.ok ? 'accepted' : result.check;
  };
  assert.equal(await checkOf('nodescriptor', undefined), 'network');
  assert.equal(await checkOf('badfield', descriptorOf('badfield', { menus: [{ text: 'x', url: '/x/', location: 'sidebar' }] })), 'descriptor');
  assert.equal(await checkOf('gone2', descriptorOf('gone2'), { status: 404, type: 'text/plain', body: 'no' }), 'network');
  assert.equal(await checkOf('hashed', descriptorOf('hashed', { entryHash: sha384('another entry') })), 'integrity');
});
