import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { integrationsAnnounceKindQueue } from '@lattice/contracts';
import { definePlugin } from '@lattice/plugin-sdk';
import mongoose from 'mongoose';
import { startTestDatabase, type TestDatabase } from '../test-kit/test-database.js';
import { createLogger } from './create-logger.js';
import type { HostPhase } from './plugin-host-phases.js';
import { startPlugin } from './start-plugin.js';

let database: TestDatabase;
const broker = createInProcessBroker();
const announced: string[] = [];
before(async () => {
  database = await startTestDatabase();
  await broker.consumeQueue(integrationsAnnounceKindQueue.name, (data) => {
    announced.push((data as { kind: string }).kind);
  });
});
after(async () => {
  await broker.close();
  await database.stop();
});

const phases: HostPhase[] = ['services', 'http app', 'apollo', 'subscriptions', 'plugin init', 'listen', 'announce'];
// What each phase pushes on the teardown stack, in push order. The HTTP app phase has nothing of its own to
// undo: its server is closed by Apollo's stop (Apollo's drain plugin), which waits for the requests in flight.
const pushes: Record<HostPhase, string[]> = {
  services: ['services: database', 'services: broker client', 'services: activity log', 'services: request auth'],
  'http app': [],
  apollo: ['apollo'],
  subscriptions: ['subscriptions'],
  'plugin init': ['plugin init'],
  listen: ['listen'],
  announce: ['announce'],
};
const phaseOfPush = (push: string) => push.split(':')[0]!;

/** A debug logger whose lines the test reads: the teardown stack logs each phase it undoes. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('phases-test', 'debug', destination), lines };
}

function pluginWithEveryPhase(name: string, events: string[]) {
  return definePlugin({
    name,
    operations: { Query: { ping: 'public' } },
    graphql: () => ({ typeDefs: 'type Query { ping: String }', resolvers: { Query: { ping: () => 'pong' } } }),
    onServerInit: async ({ messageBrokerClient }) => {
      await messageBrokerClient.consumeRPCQueue(`${name}:ping`, () => 'pong');
      return { stop: () => void events.push('plugin stop') };
    },
    meta: { inboxIntegration: { kind: name, label: name } },
  });
}

function databaseConnections(dbName: string) {
  return mongoose.connections.filter((connection) => connection.name === dbName);
}

describe('startPlugin in phases, one teardown stack', { timeout: 120_000 }, () => {
  for (const [index, failing] of phases.entries()) {
    it(`a failure after the "${failing}" phase undoes it and every phase before it, last first`, async () => {
      const name = `phases${index}`;
      const events: string[] = [];
      const { logger, lines } = capturedLogger();
      await assert.rejects(
        startPlugin(pluginWithEveryPhase(name, events), {
          mongoUrl: database.url,
          dbName: name,
          broker,
          logger,
          authTokenSecret: 'x'.repeat(32),
          kindAnnounceIntervalMs: 30,
          // The phases themselves do not fail on demand; this hook, called after each, throws in the one under test.
          afterPhase: (phase) => {
            if (phase === failing) throw new Error(`failed after ${phase}`);
          },
        }),
        { message: `failed after ${failing}` },
      );

      const started = phases.slice(0, index + 1).flatMap((phase) => pushes[phase]);
      const undone = lines.filter((line) => line.msg === 'plugin host phase undone').map((line) => line.phase);
      assert.deepEqual(undone, started.reverse().map(phaseOfPush), 'every teardown pushed so far ran, last pushed first');

      // What the teardowns did, seen from outside.
      const connections = databaseConnections(name);
      assert.ok(connections.length > 0, 'the services phase opened a database connection');
      assert.ok(connections.every((connection) => connection.readyState === mongoose.ConnectionStates.disconnected), 'the database connection is closed');
      const initialised = index >= phases.indexOf('plugin init');
      assert.deepEqual(events, initialised ? ['plugin stop'] : [], "the plugin's own stop ran once it had started");
      if (initialised) await assert.rejects(broker.sendRPCMessage(`${name}:ping`, {}, { timeoutMs: 5_000 }), /unavailable/i, 'its consumer no longer runs');
      const port = lines.find((line) => line.msg === 'plugin host listening')?.port;
      assert.equal(port !== undefined, index >= phases.indexOf('listen'));
      if (port !== undefined) await assert.rejects(fetch(`http://127.0.0.1:${String(port)}/health/live`), 'the port is closed');
      const announcedSoFar = announced.filter((kind) => kind === name).length;
      assert.equal(announcedSoFar > 0, index >= phases.indexOf('announce'));
      await delay(150);
      assert.equal(announced.filter((kind) => kind === name).length, announcedSoFar, 'no announcement after the failure');
    });
  }

  it('stop unwinds the same stack: what serves first (stopServing), then the plugin and the database', async () => {
    const events: string[] = [];
    const { logger, lines } = capturedLogger();
    const plugin = await startPlugin(pluginWithEveryPhase('phasesstop', events), {
      mongoUrl: database.url,
      dbName: 'phasesstop',
      broker,
      logger,
      authTokenSecret: 'x'.repeat(32),
    });
    assert.equal((await fetch(`${plugin.url}/health/ready`)).status, 200);
    await plugin.stopServing();
    const undone = () => lines.filter((line) => line.msg === 'plugin host phase undone').map((line) => line.phase);
    assert.deepEqual(undone(), ['announce', 'listen', 'subscriptions', 'apollo', 'services']);
    assert.deepEqual(events, [], 'the plugin still runs: its broker messages may still come');
    assert.equal(await broker.sendRPCMessage('phasesstop:ping', {}), 'pong');
    await plugin.stop();
    assert.deepEqual(undone(), ['announce', 'listen', 'subscriptions', 'apollo', 'services', 'plugin init', 'services', 'services', 'services']);
    assert.deepEqual(events, ['plugin stop']);
    assert.ok(databaseConnections('phasesstop').every((connection) => connection.readyState === mongoose.ConnectionStates.disconnected));
    await plugin.stop();
    assert.equal(undone().length, 9, 'a second stop undoes nothing again');
  });
});
