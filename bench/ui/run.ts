/**
 * Cold load of /documents/ in headless Debian chromium: time until the documents table shows, bytes and
 * requests, shell vs remote bytes, and when each script was fetched. Writes RESULTS.md and results.json
 * beside this file.
 *
 *   npm run bench -w @lattice/playwright      (after `npm run build`)
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Request } from 'playwright-core';
import { startTestPlatform } from '@lattice/platform/test-kit';
import { startFrontendServer } from '@lattice/ui-shell/server';
import documentsPlugin from '@lattice/plugin-documents';
import corePlugin from '@lattice/plugin-core';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const DOCUMENTS = 30;
/**
 * A user's browser window exists before they navigate. Headless Chromium sets a window up when a context
 * opens (a second renderer for the omnibox popup and browser-process work, about 1 s of CPU here), so each
 * measured load waits for that to settle first; the cache is still empty and the context still fresh. The
 * report also gives the load that navigates at once, with the window's set-up overlapping it.
 */
const SETTLE_MS = 2_000;

interface Fetched {
  path: string;
  kind: 'shell' | 'remote' | 'api' | 'other';
  type: string;
  bytes: number;
  gzipBytes: number;
  startMs: number;
  endMs: number;
}

interface Run {
  tableVisibleMs: number;
  domContentLoadedMs: number;
  requests: Fetched[];
  /** The same cold load in another fresh context, navigating as soon as the window opened. */
  atOnceTableVisibleMs?: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const spread = (values: number[]) => ({ median: Math.round(median(values)), min: Math.round(Math.min(...values)), max: Math.round(Math.max(...values)) });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (items: Fetched[], key: 'bytes' | 'gzipBytes') => items.reduce((total, item) => total + item[key], 0);

// The shell's performance marks (render start, plugin code loaded) of each run.
const marks: Array<Record<string, number>> = [];

const platform = await startTestPlatform({ plugins: [corePlugin, documentsPlugin] });
const frontend = await startFrontendServer({ port: 0, gatewayUrl: platform.gatewayUrl, plugins: [{ name: 'documents', ui: 'local' }] });
let browser: Browser | undefined;
try {
  await seed();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  await coldLoad(browser); // warm-up: the servers' first requests, not the browser's cache (each run has a fresh context)
  const runs: Run[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const settled = await coldLoad(browser, SETTLE_MS);
    settled.atOnceTableVisibleMs = (await coldLoad(browser, 0)).tableVisibleMs;
    runs.push(settled);
  }
  await report(runs);
} finally {
  await browser?.close();
  await frontend.stop();
  await platform.stop();
}

async function seed(): Promise<void> {
  const typeIds: string[] = [];
  for (const name of ['Contracts', 'Invoices', 'Certificates']) {
    const result = await platform.graphql<{ documentTypesAdd: { _id: string } }>('mutation ($name: String) { documentTypesAdd(name: $name) { _id } }', { name });
    typeIds.push(result.data!.documentTypesAdd._id);
  }
  for (let index = 0; index < DOCUMENTS; index += 1) {
    await platform.graphql('mutation ($name: String, $typeId: String, $expiryDate: Date) { documentsAdd(name: $name, typeId: $typeId, expiryDate: $expiryDate) { _id } }', {
      name: `Document ${String(index).padStart(2, '0')}`,
      typeId: typeIds[index % typeIds.length],
      expiryDate: new Date(Date.UTC(2030, index % 12, 1)).toISOString(),
    });
  }
}

/** A fresh browser context (empty cache) with the owner's login cookie, loading /documents/ `settleMs` after the window opened. */
async function coldLoad(target: Browser, settleMs = SETTLE_MS): Promise<Run> {
  const context = await target.newContext();
  const [name, value] = platform.authCookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: frontend.url }]);
  const page = await context.newPage();
  // Bodies are read and gzipped only after the load: doing it as each request finishes would run in
  // this process, alongside the front-end server and the gateway, and slow the load being measured.
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  await page.goto(`${frontend.url}/documents/`, { waitUntil: 'commit' });
  // performance.now() counts from the navigation's start, so this is the time a user waits for the table.
  const tableVisibleMs = await page.waitForFunction(
    () => (document.querySelector('[data-testid="document-row"]') ? performance.now() : 0),
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
  const visibleAt = Number(await tableVisibleMs.jsonValue());
  await page.waitForLoadState('networkidle');
  marks.push(await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('lattice:')).map((mark) => [mark.name, Math.round(mark.startTime)]))));
  const domContentLoadedMs = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
  const requests = (await Promise.all(finished.map(describe))).filter((item): item is Fetched => item !== undefined);
  const navigationStart = requests.find((item) => item.type === 'document')?.startMs ?? 0;
  for (const item of requests) {
    item.startMs -= navigationStart;
    item.endMs -= navigationStart;
  }
  requests.sort((a, b) => a.startMs - b.startMs);
  await context.close();
  return { tableVisibleMs: visibleAt, domContentLoadedMs, requests };
}

async function describe(request: Request): Promise<Fetched | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const url = new URL(request.url());
  const body = await response.body().catch(() => Buffer.alloc(0));
  const timing = request.timing();
  const kind = url.pathname.startsWith('/plugins/') ? 'remote' : url.pathname.startsWith('/gateway/') ? 'api' : url.origin === frontend.url ? 'shell' : 'other';
  return {
    path: url.pathname,
    kind,
    type: request.resourceType(),
    bytes: body.length,
    gzipBytes: gzipSync(body).length,
    // Absolute for now; coldLoad makes them relative to the navigation request.
    startMs: timing.startTime,
    endMs: timing.startTime + timing.responseEnd,
  };
}


async function report(runs: Run[]): Promise<void> {
  const sample = runs[runs.length - 1]!;
  const scripts = sample.requests.filter((item) => item.type === 'script');
  const shellJs = scripts.filter((item) => item.kind === 'shell');
  const remoteJs = scripts.filter((item) => item.kind === 'remote');
  const remoteEntry = remoteJs.find((item) => item.path.endsWith('/remoteEntry.js'));
  const shellScriptsOverlap = overlapping(shellJs);
  const summary = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((value) => Number(value.toFixed(2))) },
    runs: RUNS,
    documents: DOCUMENTS,
    tableVisibleMs: spread(runs.map((run) => run.tableVisibleMs)),
    domContentLoadedMs: Math.round(median(runs.map((run) => run.domContentLoadedMs))),
    atOnceTableVisibleMs: spread(runs.map((run) => run.atOnceTableVisibleMs ?? NaN)),
    requests: sample.requests.length,
    byKind: Object.fromEntries(
      (['shell', 'remote', 'api'] as const).map((kind) => {
        const items = sample.requests.filter((item) => item.kind === kind);
        return [kind, { requests: items.length, bytes: sum(items, 'bytes'), gzipBytes: sum(items, 'gzipBytes') }];
      }),
    ),
    shellJsGzipBytes: sum(shellJs, 'gzipBytes'),
    remoteEntryGzipBytes: remoteEntry?.gzipBytes ?? 0,
    documentsRemoteJsGzipBytes: sum(remoteJs, 'gzipBytes'),
    maxConcurrentShellScripts: shellScriptsOverlap,
    marks: marks[marks.length - 1] ?? {},
    timeline: sample.requests.map((item) => ({ path: item.path, kind: item.kind, type: item.type, gzipBytes: item.gzipBytes, startMs: Math.round(item.startMs), endMs: Math.round(item.endMs) })),
  };
  await writeFile(`${HERE}results.json`, `${JSON.stringify(summary, null, 2)}\n`);
  const targets = [
    ['table visible on a cold local load', `${summary.tableVisibleMs.median} ms (median of ${RUNS})`, '< 1000 ms', summary.tableVisibleMs.median < 1000],
    ['shell JavaScript, gzip', kb(summary.shellJsGzipBytes), '< 300 KB', summary.shellJsGzipBytes < 300 * 1024],
    ['documents remoteEntry.js, gzip', kb(summary.remoteEntryGzipBytes), '< 20 KB', summary.remoteEntryGzipBytes < 20 * 1024],
    ['documents remote (entry + chunks), gzip', kb(summary.documentsRemoteJsGzipBytes), '< 100 KB', summary.documentsRemoteJsGzipBytes < 100 * 1024],
  ] as const;
  const lines = [
    '# bench/ui — cold load of /documents/',
    '',
    `Recorded ${summary.date} on ${summary.machine.cpus} CPUs (${summary.machine.model}), load average ${summary.machine.loadavg.join(' / ')} (other work shares the machine).`,
    `Headless Debian chromium, a fresh browser context per run (empty cache, login cookie set), ${DOCUMENTS} documents in 3 types,`,
    'platform on the embedded services over loopback, built shell and remote served by the front-end server (brotli on the wire; the gzip sizes below are computed from the bodies, so they compare with earlier results).',
    '',
    '| target | measured | goal | met |',
    '|---|---|---|---|',
    ...targets.map(([name, value, goal, met]) => `| ${name} | ${value} | ${goal} | ${met ? 'yes' : 'no'} |`),
    '',
    `Table visible: median ${summary.tableVisibleMs.median} ms, min ${summary.tableVisibleMs.min} ms, max ${summary.tableVisibleMs.max} ms; DOMContentLoaded median ${summary.domContentLoadedMs} ms.`,
    '',
    `Each measured load navigates ${SETTLE_MS / 1000} s after its fresh context opened, once headless Chromium has set the window up (a user's window exists before they navigate). Navigating at once instead, with that set-up overlapping the load: median ${summary.atOnceTableVisibleMs.median} ms, min ${summary.atOnceTableVisibleMs.min} ms, max ${summary.atOnceTableVisibleMs.max} ms.`,
    '',
    `Requests in one cold load: ${summary.requests}.`,
    '',
    '| from | requests | bytes | gzip |',
    '|---|---|---|---|',
    ...Object.entries(summary.byKind).map(([kind, value]) => `| ${kind} | ${value.requests} | ${kb(value.bytes)} | ${kb(value.gzipBytes)} |`),
    '',
    `Marks of the same load (ms): ${Object.entries(summary.marks).map(([name, at]) => `${name.replace('lattice:', '')} ${at}`).join(', ')}, table visible ${Math.round(sample.tableVisibleMs)}.`,
    '',
    `Every request of one cold load, in the order they started (ms from navigation start; up to ${shellScriptsOverlap} shell scripts were downloading at once):`,
    '',
    '| request | from | type | gzip | start | end |',
    '|---|---|---|---|---|---|',
    ...summary.timeline.map((item) => `| ${item.path} | ${item.kind} | ${item.type} | ${kb(item.gzipBytes)} | ${item.startMs} | ${item.endMs} |`),
    '',
    'Run it: `npm run build && npm run bench -w @lattice/playwright` (BENCH_RUNS=n to change the number of runs).',
    '',
  ];
  await writeFile(`${HERE}RESULTS.md`, lines.join('\n'));
  console.log(lines.join('\n'));
}

/** The largest number of requests whose download windows overlap. */
function overlapping(items: Fetched[]): number {
  const events = items.flatMap((item) => [{ at: item.startMs, delta: 1 }, { at: item.endMs, delta: -1 }]).sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let most = 0;
  for (const event of events) {
    current += event.delta;
    most = Math.max(most, current);
  }
  return most;
}
