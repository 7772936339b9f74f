import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { fetchEntryFile } from './fetch-entry-file.js';
import { remoteEntryFacts } from './remote-entry-facts.js';
import { startRemoteOrigin, type RemoteOrigin } from './test-support/remote-origin.js';

let origin: RemoteOrigin;

before(async () => {
  origin = await startRemoteOrigin();
});
after(async () => {
  await origin.close();
});

const classic = 'var remote_rsbuild;(()=>{remote_rsbuild={get(){},init(){}}})();';
const esModule = 'import{i as t}from"./assets/index-5aX_rlJr.js";async function g(){}export{g as get,t as init};';
const hash = (algorithm: string, text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;

/** Serves `files` under /<folder>/ and reads the facts of the entry at `path` with `entryHash`. */
async function factsOf(folder: string, files: Record<string, string>, path: string, entryHash?: string) {
  for (const [file, body] of Object.entries(files)) origin.files.set(`/${folder}/${file}`, { type: file.endsWith('.json') ? 'application/json' : 'text/javascript', body });
  const url = `${origin.url}/${folder}/${path}`;
  return remoteEntryFacts(url, await fetchEntryFile(url, 10_000), entryHash, 10_000);
}

test('a classic entry: a script, its entryHash given to the browser as integrity, and a version from its bytes', async () => {
  const facts = await factsOf('classic', { 'remoteEntry.js': classic }, 'remoteEntry.js', hash('sha384', classic));
  assert.deepEqual(facts, { ok: true, entry: { url: `${origin.url}/classic/remoteEntry.js`, type: 'script', integrity: hash('sha384', classic), version: hash('sha256', classic) } });
  const unhashed = await factsOf('plain', { 'remoteEntry.js': classic }, 'remoteEntry.js');
  assert.deepEqual(unhashed, { ok: true, entry: { url: `${origin.url}/plain/remoteEntry.js`, type: 'script', version: hash('sha256', classic) } });
});

test('an ES-module entry is a module; a redeployed entry has another version', async () => {
  const first = await factsOf('vite', { 'remoteEntry.js': esModule }, 'remoteEntry.js');
  assert.ok(first.ok);
  assert.equal(first.entry.type, 'module');
  const second = await factsOf('vite', { 'remoteEntry.js': esModule.replace('5aX_rlJr', '9bY_smKs') }, 'remoteEntry.js');
  assert.ok(second.ok);
  assert.notEqual(second.entry.version, first.entry.version);
});

test('a manifest gives the entry it names, fetched for its version; its hash is the manifest\'s and is not given to the browser', async () => {
  const manifest = JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static', type: 'module' }, publicPath: 'auto' } });
  const facts = await factsOf('manifest', { 'mf-manifest.json': manifest, 'static/remoteEntry.js': esModule }, 'mf-manifest.json', hash('sha512', manifest));
  assert.deepEqual(facts, { ok: true, entry: { url: `${origin.url}/manifest/static/remoteEntry.js`, type: 'module', version: hash('sha256', esModule) } });
});

test("an entry that does not match its descriptor's entryHash is refused with both hashes", async () => {
  const facts = await factsOf('tampered', { 'remoteEntry.js': `${classic};alert(1)` }, 'remoteEntry.js', hash('sha384', classic));
  assert.deepEqual(facts, {
    ok: false,
    check: 'integrity',
    reason: `lattice-plugin.json entryHash: ${origin.url}/tampered/remoteEntry.js does not match it (expected ${hash('sha384', classic)}, served ${hash('sha384', `${classic};alert(1)`)}); the shell does not run it`,
  });
});

test('a manifest that is not JSON, names no entry, or names one that is missing is refused naming ui_url', async () => {
  assert.deepEqual(await factsOf('garbled', { 'mf-manifest.json': '{"metaData":' }, 'mf-manifest.json'), { ok: false, check: 'descriptor', reason: `ui_url: ${origin.url}/garbled/mf-manifest.json is not JSON` });
  assert.deepEqual(await factsOf('nameless', { 'mf-manifest.json': '{"metaData":{}}' }, 'mf-manifest.json'), {
    ok: false,
    check: 'descriptor',
    reason: `ui_url: ${origin.url}/nameless/mf-manifest.json names no metaData.remoteEntry.name`,
  });
  const missing = JSON.stringify({ metaData: { remoteEntry: { name: 'gone.js' }, publicPath: 'auto' } });
  assert.deepEqual(await factsOf('missing', { 'mf-manifest.json': missing }, 'mf-manifest.json'), {
    ok: false,
    check: 'network',
    reason: `ui_url: the entry its manifest names: ${origin.url}/missing/gone.js answered HTTP 404`,
  });
});
