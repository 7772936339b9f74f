import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../server/embedded-server.js';
import { makeTempDir } from '../test-support/test-server.js';

const WRITER = fileURLToPath(new URL('../test-support/crash-writer.ts', import.meta.url));

/**
 * Runs the writer until it has acknowledged some inserts and then a random moment more, kills it with
 * SIGKILL, and returns every acknowledged id. Waiting for the first acknowledgements (rather than a
 * fixed time) keeps the round meaningful on a loaded machine, where fsyncs take longer.
 */
const FIRST_ACKS = 25;
async function runAndKill(dbPath: string, killAfterMs: number): Promise<Set<number>> {
  const child = spawn(process.execPath, ['--conditions=development', '--import', 'tsx', WRITER, dbPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const acknowledged = new Set<number>();
  let buffered = '';
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let warmedUp!: () => void;
  const isWarmedUp = new Promise<void>((resolve) => (warmedUp = resolve));
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'ready') ready();
      else if (line !== '') {
        acknowledged.add(Number(line));
        if (acknowledged.size === FIRST_ACKS) warmedUp();
      }
    }
  });
  const exited = once(child, 'exit');
  await Promise.race([isReady, exited.then(() => Promise.reject(new Error('writer exited before it was ready')))]);
  await Promise.race([isWarmedUp, exited.then(() => Promise.reject(new Error('writer exited before its first acknowledgements')))]);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  child.kill('SIGKILL');
  const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  assert.equal(signal, 'SIGKILL', `writer should die by SIGKILL, exited with ${String(code)}`);
  return acknowledged;
}

describe('crash safety', () => {
  it('every acknowledged insert survives SIGKILL and the files reopen cleanly', { timeout: 60_000 }, async (t) => {
    const dir = await makeTempDir('em-crash');
    try {
      const archived: number[] = [];
      for (let round = 0; round < 2; round++) {
        const killAfter = 300 + Math.floor(Math.random() * 900);
        const acked = await runAndKill(dir.path, killAfter);
        assert.ok(acked.size >= FIRST_ACKS, `round ${round}: writer acknowledged only ${acked.size} inserts`);
        const server = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
        const client = await MongoClient.connect(server.uri);
        const items = client.db('crash').collection('items');
        const stored = new Set((await items.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id as unknown as number));
        const lost = [...acked].filter((id) => !stored.has(id));
        assert.deepEqual(lost, [], `round ${round}: ${lost.length} of ${acked.size} acknowledged inserts were lost (killed after ${killAfter} ms)`);
        for (const [earlier, count] of archived.entries()) {
          assert.equal(await client.db('crash').collection(`round${earlier}`).countDocuments(), count, `round ${earlier}'s documents after round ${round}`);
        }
        const sample = await items.findOne({ _id: [...acked][0] as never });
        assert.equal(sample?.payload, 'x'.repeat(100));
        // Clear the ids so the next round's writer can reuse them; this also proves the reopened files accept writes.
        const kept = await items.find({}).toArray();
        await items.deleteMany({});
        const archive = client.db('crash').collection(`round${round}`);
        if (kept.length > 0) await archive.insertMany(kept);
        archived.push(kept.length);
        t.diagnostic(`round ${round}: killed after ${killAfter} ms, ${acked.size} acknowledged, ${stored.size} stored`);
        await client.close();
        await server.stop();
      }
      const server = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const client = await MongoClient.connect(server.uri);
      assert.equal(await client.db('crash').collection('items').countDocuments(), 0);
      assert.equal(await client.db('crash').collection('round0').countDocuments(), archived[0]);
      assert.equal(await client.db('crash').collection('round1').countDocuments(), archived[1]);
      await client.close();
      await server.stop();
    } finally {
      await dir.remove();
    }
  });
});
