/**
 * Child process of the crash test: runs an embedded server on the given dbPath and inserts
 * documents one at a time from several concurrent writers, printing each id once the insert is
 * acknowledged. The parent kills it with SIGKILL at a random moment.
 */
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../server/embedded-server.js';

const dbPath = process.argv[2];
if (!dbPath) throw new Error('usage: crash-writer <dbPath>');
const server = await startEmbeddedMongo({ dbPath, log: () => undefined, compactAfterBytes: 16 * 1024 });
const client = await MongoClient.connect(server.uri, { maxPoolSize: 8 });
const items = client.db('crash').collection('items');
process.stdout.write('ready\n');

let next = 0;
async function writer(): Promise<void> {
  for (;;) {
    const id = next++;
    await items.insertOne({ _id: id as never, payload: 'x'.repeat(100), at: new Date() });
    process.stdout.write(`${id}\n`);
  }
}
await Promise.all([writer(), writer(), writer(), writer()]);
