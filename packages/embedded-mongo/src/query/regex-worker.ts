import { Worker } from 'node:worker_threads';
import { maxTimeExpired } from './time-budget.js';

/**
 * A worker thread that runs V8 regular expressions (the patterns re2 refuses) over many inputs while
 * the server's own thread keeps serving other clients. A batch past its budget is stopped by
 * terminating the worker; the next batch starts a fresh one.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, source, flags, inputs }) => {
  const pattern = new RegExp(source, flags);
  const results = inputs.map((input) => {
    const found = pattern.exec(input);
    return found ? { index: found.index, values: [...found] } : null;
  });
  parentPort.postMessage({ id, results });
});
`;

interface ExecResult {
  index: number;
  values: Array<string | undefined>;
}

interface Pending {
  inputs: string[];
  resolve: (results: Array<RegExpExecArray | null> | undefined) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function currentWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (message: { id: number; results: Array<ExecResult | null> }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    waiting.resolve(message.results.map((result, i) => asExecArray(waiting.inputs[i] as string, result)));
  });
  started.once('exit', () => {
    if (worker === started) worker = undefined;
    // Batches of other commands that were queued behind a stopped one: not computed, so their scans run V8 under their own budget.
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.resolve(undefined);
    }
  });
  worker = started;
  return started;
}

function asExecArray(input: string, result: ExecResult | null): RegExpExecArray | null {
  if (!result) return null;
  return Object.assign([...result.values], { index: result.index, input, groups: undefined }) as RegExpExecArray;
}

/**
 * `pattern.exec(input)` for each input, in the worker, within `budgetMs`: rejects with error 50 past it,
 * and resolves to undefined when the worker was stopped for another command's budget.
 */
export async function execInWorker(source: string, flags: string, inputs: string[], budgetMs: number): Promise<Array<RegExpExecArray | null> | undefined> {
  const running = currentWorker();
  const id = ++nextId;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    void running.terminate();
  }, Math.max(1, budgetMs));
  const results = await new Promise<Array<RegExpExecArray | null> | undefined>((resolve) => {
    pending.set(id, { inputs, resolve });
    running.postMessage({ id, source, flags, inputs });
  });
  clearTimeout(timer);
  if (expired) throw maxTimeExpired();
  return results;
}

/** Stops the worker (the server's stop). */
export async function stopRegexWorker(): Promise<void> {
  await worker?.terminate();
}
