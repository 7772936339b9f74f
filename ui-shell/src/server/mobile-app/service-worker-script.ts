import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mobileAppBase, mobileIconSizes } from './web-app-manifest.js';

/** The shell's own files a phone keeps for an offline start: its scripts, styles and icon (not source maps, licences or build stats). */
export function shellFilesToKeep(shellDir: string): string[] {
  return readdirSync(shellDir)
    .filter((name) => /\.(?:js|css|svg)$/.test(name))
    .sort()
    .map((name) => `/${name}`);
}

/**
 * The phone app's service worker (scope `/mobile-app`). On install it keeps the app page, the offline
 * page, the manifest and icons and the shell's files; pages are asked of the network first and, when it
 * cannot answer, come from what was kept (the app page for every path: the shell's router draws the page),
 * else the offline page. The shell's content-hashed files come from what was kept; UI plugins' files and
 * `/plugins.json` from the network, falling back to the last copy. GraphQL and websockets are never kept.
 * The copy kept at install is the logged-out app page: `/plugins.json` and the page's inlined manifest
 * carry the plugins only with a session. So a signed-in page asks the worker (a `keep-signed-in-copies`
 * message) to fetch and keep the app page and `/plugins.json` with the user's cookie, for an offline start
 * with the plugin menu; on logout (`forget-signed-in-copies`) the worker drops both and keeps the
 * logged-out page again, so that no user's data stays on the device. Either message is answered on the
 * port it brings once the cache is written.
 * The version (a hash of the shell's file names and index.html) changes the script's bytes with every
 * deploy, so browsers install the new worker, which drops the old copies.
 */
export function serviceWorkerScript(shellDir: string): string {
  const shellFiles = shellFilesToKeep(shellDir);
  const version = createHash('sha256')
    .update(shellFiles.join('\n'))
    .update(readFileSync(join(shellDir, 'index.html')))
    .digest('hex')
    .slice(0, 16);
  const keep = [`${mobileAppBase}/`, `${mobileAppBase}/offline.html`, `${mobileAppBase}/manifest.webmanifest`, ...mobileIconSizes.map((size) => `${mobileAppBase}/icons/icon-${size}.png`), ...shellFiles];
  return `// Lattice phone app service worker, version ${version} (written by the front-end server).
const CACHE = 'lattice-mobile-${version}';
const KEEP = ${JSON.stringify(keep)};
const APP_PAGE = '${mobileAppBase}/';
const OFFLINE_PAGE = '${mobileAppBase}/offline.html';
const PLUGINS_MANIFEST = '/plugins.json';
const SHELL_FILES = new Set(${JSON.stringify(shellFiles)});

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEEP)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('lattice-mobile-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isLive(url) {
  return url.pathname.startsWith('/gateway/') || url.pathname.startsWith('${mobileAppBase}/gateway/');
}

async function networkFirst(request, fallbackKey) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackKey || request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(fallbackKey || request);
    if (kept) return kept;
    throw error;
  }
}

async function page(request) {
  try {
    return await networkFirst(request, APP_PAGE);
  } catch {
    const cache = await caches.open(CACHE);
    return (await cache.match(OFFLINE_PAGE)) || new Response('You are offline', { status: 503, headers: { 'content-type': 'text/plain' } });
  }
}

async function keepSignedInCopies() {
  const cache = await caches.open(CACHE);
  // A worker's fetch sends the site's cookies (credentials 'same-origin'): these are the signed-in copies.
  const [appPage, manifest] = await Promise.all([fetch(APP_PAGE, { cache: 'no-store' }), fetch(PLUGINS_MANIFEST, { cache: 'no-store' })]);
  if (!appPage.ok || !manifest.ok) throw new Error('the app page answered ' + appPage.status + ', /plugins.json ' + manifest.status);
  await Promise.all([cache.put(APP_PAGE, appPage), cache.put(PLUGINS_MANIFEST, manifest)]);
}

async function forgetSignedInCopies() {
  const cache = await caches.open(CACHE);
  await Promise.all([cache.delete(APP_PAGE), cache.delete(PLUGINS_MANIFEST)]);
  // The logged-out page again, for an offline start at the login page; offline, the offline page answers instead.
  const appPage = await fetch(APP_PAGE, { cache: 'no-store' }).catch(() => undefined);
  if (appPage && appPage.ok) await cache.put(APP_PAGE, appPage);
}

const MESSAGES = { 'keep-signed-in-copies': keepSignedInCopies, 'forget-signed-in-copies': forgetSignedInCopies };

self.addEventListener('message', (event) => {
  const task = MESSAGES[event.data && event.data.type];
  const reply = event.ports[0];
  if (!task) {
    if (reply) reply.postMessage({ ok: false, error: 'unknown message ' + JSON.stringify(event.data) });
    return;
  }
  event.waitUntil(
    task().then(
      () => reply && reply.postMessage({ ok: true }),
      (error) => reply && reply.postMessage({ ok: false, error: String(error && error.message ? error.message : error) }),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isLive(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (SHELL_FILES.has(url.pathname)) {
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(request)).then((kept) => kept || fetch(request)));
  } else if (url.pathname.startsWith('/plugins/') || url.pathname === PLUGINS_MANIFEST || url.pathname.startsWith('${mobileAppBase}/')) {
    event.respondWith(networkFirst(request));
  }
});
`;
}
