import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedMongo, type EmbeddedMongoOptions } from './embedded-server.js';
import type { ThreadMessage } from './thread-messages.js';

// Entry point of the thread startEmbeddedMongoThread starts: the server, its log lines sent to the parent.
const port = parentPort!;
const send = (message: ThreadMessage) => port.postMessage(message);

try {
  const mongo = await startEmbeddedMongo({ ...(workerData as EmbeddedMongoOptions), log: (line) => send({ type: 'log', line }) });
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    void mongo.stop().finally(() => port.close());
  });
  send({ type: 'started', uri: mongo.uri, username: mongo.username, port: mongo.port, host: mongo.host });
} catch (error) {
  send({ type: 'failed', message: (error as Error).message });
  port.close();
}
