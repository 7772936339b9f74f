import { Worker } from 'node:worker_threads';
import type { EmbeddedMongo, EmbeddedMongoOptions } from './embedded-server.js';
import type { ThreadMessage } from './thread-messages.js';

const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(`./embedded-server-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);

/** The worker runs the same build as its caller: the compiled file, or the TypeScript source through tsx. */
function startWorker(workerData: unknown): Worker {
  if (!fromSource) return new Worker(workerFile, { workerData });
  // A worker does not inherit the loader hooks `--import tsx` registered, so it registers them itself.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(workerFile.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

/**
 * The embedded server on a worker thread of its own. Query matching, index upkeep and BSON work then run
 * beside the caller's event loop instead of inside it: `lattice start` hosts the gateway and every plugin in
 * one process, and with the database on the same thread every query's server half queued behind their work.
 * Clients see no difference: it is the same server behind the same `mongodb://` URI.
 */
export async function startEmbeddedMongoThread(options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  const { log: logOption, ...workerOptions } = options;
  const log = logOption ?? ((line: string) => process.stderr.write(`[embedded-mongo] ${line}\n`));
  const worker = startWorker(workerOptions);
  const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const started = new Promise<{ uri: string; username: string; port: number; host: string }>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'log') log(message.line);
      else if (message.type === 'started') resolve(message);
      else if (message.type === 'failed') reject(new Error(message.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the embedded MongoDB thread exited with code ${code} before it started`)));
  });
  const { uri, username, port, host } = await started;
  // Once running, a crash of the thread must not pass silently: the platform's queries would hang.
  worker.on('error', (error) => log(`the embedded MongoDB thread failed: ${error.stack ?? error.message}`));
  let stopping: Promise<void> | undefined;
  return {
    uri,
    username,
    port,
    host,
    stop: () => {
      stopping ??= (async () => {
        // The thread stops its server (closing connections, flushing the journal) and then exits.
        worker.postMessage({ type: 'stop' });
        await stopped;
      })();
      return stopping;
    },
  };
}
