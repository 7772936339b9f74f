import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import type { Gateway } from './index.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { bigAnswer, startStreamingHost, type StreamingHost } from './test-support/streaming-host.js';
import { waitFor } from './test-support/wait-for.js';

const SHARING = 'sharing an identical subgraph request in flight';
const BROKE_OFF = 'subgraph answer broke off';
const HALF = 64 * 1024;
// Long enough for a loaded 2-core machine; the waits end as soon as what they wait for happens.
const PATIENCE_MS = 20_000;

function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${PATIENCE_MS} ms waiting for ${what}`)), PATIENCE_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('a shared answer streamed from the subgraph', () => {
  let host: StreamingHost;
  let gateway: Gateway;
  let logLines: Array<{ msg: string; err?: { message: string } }> = [];
  const logged = (msg: string) => logLines.filter((line) => line.msg === msg);

  const ask = (signal?: AbortSignal) =>
    fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'auth-token=ada' },
      body: JSON.stringify({ query: '{ big }' }),
      signal,
    });
  /** A request whose answer is read whole; the error if it fails. */
  const askWhole = () => ask().then((response) => response.text()).catch((error: unknown) => error as Error);
  /** Starts a request and reads the first bytes of its answer. */
  async function askAndReadFirstBytes(signal?: AbortSignal) {
    const response = await within('the answer to start', ask(signal));
    const reader = response.body!.getReader();
    const first = await within('the first bytes of the answer', reader.read());
    return { response, reader, firstBytes: Buffer.from(first.value ?? []).toString() };
  }
  async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, start: string): Promise<string> {
    let text = start;
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += Buffer.from(part.value).toString();
    return text;
  }

  before(async () => {
    host = await startStreamingHost(HALF);
    gateway = await startTestGateway({
      logger: pino({ level: 'debug' }, { write: (line: string) => void logLines.push(JSON.parse(line) as { msg: string }) }),
      subgraphs: [{ name: 'stream', urls: [host.url] }],
    });
  });
  after(async () => {
    await gateway.stop();
    await host.dispose();
  });
  beforeEach(() => {
    logLines = [];
  });

  it('reaches the request that made the call while it arrives, and every request that joined whole', async () => {
    const before = host.calls();
    // The first bytes arrive while the host still holds back the second half: the answer is not buffered first.
    const first = await askAndReadFirstBytes();
    assert.ok(first.firstBytes.startsWith('{"data":{"big":"aaa'));
    const joiners = [askWhole(), askWhole()];
    await waitFor('two requests sharing the first one', () => logged(SHARING).length === 2, PATIENCE_MS);
    host.finish();
    const texts = [await readRest(first.reader, first.firstBytes), ...(await Promise.all(joiners))];
    for (const text of texts) assert.equal(text, bigAnswer(HALF));
    assert.equal(host.calls() - before, 1);
  });

  it('fails every waiting request when the answer breaks off, with the same error, and calls again for the next one', async () => {
    const before = host.calls();
    const first = await askAndReadFirstBytes();
    const joiners = [askWhole(), askWhole()];
    await waitFor('two requests sharing the first one', () => logged(SHARING).length === 2, PATIENCE_MS);
    host.breakOff();
    await assert.rejects(readRest(first.reader, first.firstBytes));
    for (const outcome of await Promise.all(joiners)) assert.ok(outcome instanceof Error, 'a request that joined got no answer');
    const errors = logged(BROKE_OFF).map((line) => line.err?.message);
    assert.equal(errors.length, 3);
    assert.equal(new Set(errors).size, 1, `one error for all: ${errors.join(', ')}`);
    const next = askWhole();
    await waitFor('the next request at the host', () => host.calls() - before === 2, PATIENCE_MS);
    host.finish();
    assert.equal(await next, bigAnswer(HALF));
  });

  it('still gives the whole answer to the requests that joined when the first one goes away mid-answer', async () => {
    const before = host.calls();
    const leaving = new AbortController();
    const first = await askAndReadFirstBytes(leaving.signal);
    const joiners = [askWhole()];
    await waitFor('one request sharing the first one', () => logged(SHARING).length === 1, PATIENCE_MS);
    leaving.abort();
    await assert.rejects(readRest(first.reader, first.firstBytes), { name: 'AbortError' });
    // A request that arrives after the abort still joins the same call: it was not cancelled.
    joiners.push(askWhole());
    await waitFor('two requests sharing it', () => logged(SHARING).length === 2, PATIENCE_MS);
    host.finish();
    for (const text of await Promise.all(joiners)) assert.equal(text, bigAnswer(HALF));
    assert.equal(host.calls() - before, 1);
  });
});
