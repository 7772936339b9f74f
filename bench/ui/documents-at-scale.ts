/**
 * /documents/ with 5,000 documents in headless Debian chromium: how long the first page takes to show once
 * its data has arrived, and how long one "Checked" toggle takes to re-render, for this checkout's build and,
 * side by side in alternating rounds, a baseline build (the previous commit's). Writes
 * DOCUMENTS-AT-SCALE.md and documents-at-scale.json beside this file.
 *
 *   npm run build
 *   git worktree add /tmp/lattice-baseline HEAD~1 && (cd /tmp/lattice-baseline && npm ci && npm run build)
 *   cd playwright && BENCH_BASELINE_DIR=/tmp/lattice-baseline node --conditions=development --import tsx ../bench/ui/documents-at-scale.ts
 *
 * Without BENCH_BASELINE_DIR only this checkout's build is measured. Both builds are served by this
 * checkout's front-end server against one platform (this checkout's API plugins), so only the UI differs.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestPlatform } from '@lattice/platform/test-kit';
import { startFrontendServer, type RunningFrontendServer } from '@lattice/ui-shell/server';
import documentsPlugin from '@lattice/plugin-documents';
import corePlugin from '@lattice/plugin-core';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROUNDS = Number(process.env.BENCH_RUNS ?? 7);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 5_000);
/** Documents added per request, as aliases (well under the gateway's per-request limits). */
const BATCH = 25;
const TOGGLES_PER_ROUND = 5;
const targets = { firstPageAfterDataMs: 300, toggleRenderMs: 100 };

interface Variant {
  name: string;
  frontend: RunningFrontendServer;
}

interface RoundResult {
  firstPageAfterDataMs: number;
  toggleRenderMs: number[];
}

/**
 * Installed before the page's own scripts: notes when the DocumentsPage answer has been read (its body,
 * through fetch) and when the first document row is in the DOM, then the frame after it (the row painted).
 */
const instrument = () => {
  const global = window as unknown as { __bench: { dataAt?: number; rowsAt?: number; paintedAt?: number } };
  global.__bench = {};
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    if (typeof init?.body === 'string' && init.body.includes('"operationName":"DocumentsPage"') && global.__bench.dataAt === undefined) {
      const text = response.text.bind(response);
      response.text = async () => {
        const body = await text();
        global.__bench.dataAt ??= performance.now();
        return body;
      };
    }
    return response;
  };
  new MutationObserver((_records, observer) => {
    if (!document.querySelector('[data-testid="document-row"]')) return;
    observer.disconnect();
    global.__bench.rowsAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => (global.__bench.paintedAt = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const spread = (values: number[]) => ({ median: Math.round(median(values)), min: Math.round(Math.min(...values)), max: Math.round(Math.max(...values)) });

const loadBefore = loadavg().map((value) => Number(value.toFixed(2)));
const platform = await startTestPlatform({ plugins: [corePlugin, documentsPlugin] });
const variants: Variant[] = [];
let browser: Browser | undefined;
try {
  await seed();
  const plugins = [{ name: 'documents', ui: 'local' as const }];
  variants.push({ name: 'this checkout', frontend: await startFrontendServer({ port: 0, gatewayUrl: platform.gatewayUrl, plugins }) });
  const baseline = process.env.BENCH_BASELINE_DIR;
  if (baseline) {
    variants.push({
      name: `baseline (${baseline})`,
      frontend: await startFrontendServer({
        port: 0,
        gatewayUrl: platform.gatewayUrl,
        plugins,
        shellDir: join(baseline, 'ui-shell/dist/public'),
        pluginsRoot: join(baseline, 'ui-plugins'),
      }),
    });
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (const variant of variants) await measure(browser, variant); // warm-up: the servers' first requests
  const results = new Map<string, RoundResult[]>(variants.map((variant) => [variant.name, []]));
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating which goes first, so a busy moment of the machine does not always fall on the same build.
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) results.get(variant.name)!.push(await measure(browser, variant));
    loads.push(loadavg()[0]!);
  }
  await report(results, loads);
} finally {
  await browser?.close();
  for (const variant of variants) await variant.frontend.stop();
  await platform.stop();
}

async function seed(): Promise<void> {
  const type = await platform.graphql<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Contracts") { _id } }');
  const typeId = type.data!.documentTypesAdd._id;
  const batches = Math.ceil(DOCUMENTS / BATCH);
  let next = 0;
  const worker = async () => {
    for (let batch = next++; batch < batches; batch = next++) {
      const fields = Array.from({ length: Math.min(BATCH, DOCUMENTS - batch * BATCH) }, (_, offset) => {
        const index = batch * BATCH + offset;
        const expiry = new Date(Date.UTC(2030, index % 12, 1 + (index % 28))).toISOString();
        return `d${offset}: documentsAdd(name: "Document ${String(index).padStart(5, '0')}", typeId: "${typeId}", expiryDate: "${expiry}", checked: ${index % 3 === 0}) { _id }`;
      });
      const added = await platform.graphql(`mutation { ${fields.join(' ')} }`);
      if (added.errors) throw new Error(`seeding failed: ${JSON.stringify(added.errors)}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const count = await platform.graphql<{ documentsTotalCount: number }>('{ documentsTotalCount }');
  if (count.data?.documentsTotalCount !== DOCUMENTS) throw new Error(`seeded ${count.data?.documentsTotalCount} documents, not ${DOCUMENTS}`);
}

/** One round for one build: a fresh context loads /documents/, then toggles one row's Checked a few times. */
async function measure(target: Browser, variant: Variant): Promise<RoundResult> {
  const context = await target.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = platform.authCookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: variant.frontend.url }]);
  await context.addInitScript(instrument);
  const page = await context.newPage();
  try {
    await page.goto(`${variant.frontend.url}/documents/`);
    const painted = await page.waitForFunction(() => {
      const bench = (window as unknown as { __bench: { dataAt?: number; paintedAt?: number } }).__bench;
      return bench.paintedAt !== undefined && bench.dataAt !== undefined ? bench.paintedAt - bench.dataAt : 0;
    }, undefined, { timeout: 30_000 });
    const firstPageAfterDataMs = Number(await painted.jsonValue());
    // The toggle is offered once the permissions are known (useCan); wait for it to be enabled.
    const toggle = page.getByRole('switch').first();
    await toggle.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="document-row"] input[role="switch"]')?.disabled === false);
    const toggleRenderMs: number[] = [];
    for (let attempt = 0; attempt < TOGGLES_PER_ROUND; attempt += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/gateway/graphql') && (response.request().postData() ?? '').includes('documentsEdit'));
      toggleRenderMs.push(await timeToggle(page));
      await answered; // the next toggle starts from the server's state, not from one still in flight
    }
    return { firstPageAfterDataMs, toggleRenderMs };
  } finally {
    await context.close();
  }
}

/**
 * From the click to the frame that shows its result: the click runs React's handler and the optimistic
 * cache update synchronously; the measurement ends after the next animation frame, once the browser has
 * rendered. Checks that the switch did change, so a click that did nothing cannot pass for a fast one.
 */
async function timeToggle(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="document-row"] input[role="switch"]');
    if (!input) throw new Error('no Checked switch');
    const before = input.checked;
    const start = performance.now();
    input.click();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const elapsed = performance.now() - start;
    const after = document.querySelector<HTMLInputElement>('[data-testid="document-row"] input[role="switch"]');
    if (after?.checked === before) throw new Error('the Checked switch did not change');
    return elapsed;
  });
}

async function report(results: Map<string, RoundResult[]>, loads: number[]): Promise<void> {
  const summary = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, loadBefore, loadDuringRounds: spread(loads.map((value) => value * 100)) },
    documents: DOCUMENTS,
    rounds: ROUNDS,
    togglesPerRound: TOGGLES_PER_ROUND,
    variants: Object.fromEntries(
      [...results].map(([name, rounds]) => [
        name,
        {
          firstPageAfterDataMs: spread(rounds.map((round) => round.firstPageAfterDataMs)),
          toggleRenderMs: spread(rounds.flatMap((round) => round.toggleRenderMs)),
        },
      ]),
    ),
  };
  await writeFile(`${HERE}documents-at-scale.json`, `${JSON.stringify(summary, null, 2)}\n`);
  const load = summary.machine.loadDuringRounds;
  const lines = [
    `# bench/ui — /documents/ with ${DOCUMENTS.toLocaleString('en')} documents`,
    '',
    `Recorded ${summary.date} on ${summary.machine.cpus} CPUs (${summary.machine.model}); load average ${loadBefore.join(' / ')} before, 1-minute load during the rounds median ${(load.median / 100).toFixed(2)} (${(load.min / 100).toFixed(2)}–${(load.max / 100).toFixed(2)}).`,
    `${ROUNDS} alternating rounds per build, each a fresh context loading /documents/ (25 a page) and toggling one row's Checked ${TOGGLES_PER_ROUND} times.`,
    '',
    '| build | first page after its data, median (min–max) | goal | toggle re-render, median (min–max) | goal |',
    '|---|---|---|---|---|',
    ...Object.entries(summary.variants).map(
      ([name, value]) =>
        `| ${name} | ${value.firstPageAfterDataMs.median} ms (${value.firstPageAfterDataMs.min}–${value.firstPageAfterDataMs.max}) | < ${targets.firstPageAfterDataMs} ms: ${value.firstPageAfterDataMs.median < targets.firstPageAfterDataMs ? 'met' : 'not met'} | ${value.toggleRenderMs.median} ms (${value.toggleRenderMs.min}–${value.toggleRenderMs.max}) | < ${targets.toggleRenderMs} ms: ${value.toggleRenderMs.median < targets.toggleRenderMs ? 'met' : 'not met'} |`,
    ),
    '',
    'First page after its data: from the moment the page has read the DocumentsPage answer (its body, through fetch) to the frame after the first row entered the DOM. Toggle: from the click on a Checked switch to the frame after it, the switch checked to have changed.',
    '',
  ];
  await writeFile(`${HERE}DOCUMENTS-AT-SCALE.md`, lines.join('\n'));
  console.log(lines.join('\n'));
}
