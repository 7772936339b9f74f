import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { sessionsCheckQueue, sessionsRevokedChannel } from '@lattice/contracts';
import { PubSub } from 'graphql-subscriptions';
import { createLogger } from '../host/create-logger.js';
import { createSessionChecker, type SessionChecker } from './session-checker.js';

const user = { _id: '0123456789abcdef01234567', email: 'ann@example.com', role: 'member' as const, permissions: ['documents:showDocuments'] };
const live = 'live-session-0123456789';
const revoked = 'revoked-session-0123456789';
const neverSeen = 'never-seen-session-0123456789';

describe('the session checker while the core cannot answer', () => {
  const broker = createInProcessBroker();
  const pubsub = new PubSub();
  // The core answers, or (a fault we cannot cause for real in one process: a starved core) never does.
  let coreAnswers = true;
  let checker: SessionChecker;

  before(async () => {
    await broker.consumeRPCQueue(sessionsCheckQueue.name, (data) => {
      const { sessionIds } = sessionsCheckQueue.payload.parse(data);
      if (!coreAnswers) return new Promise(() => undefined);
      return { sessions: sessionIds.map((sessionId) => ({ sessionId, user })) };
    });
    // cacheMs 0: every check asks the core, as one would once the 2 s cache has passed.
    checker = createSessionChecker({ broker, pubsub, logger: createLogger('test', 'silent'), cacheMs: 0 });
  });
  after(async () => {
    await checker.stop();
    await broker.close();
  });

  it('keeps a session the core said was live, and refuses one revoked since', async () => {
    assert.equal((await checker.check(live))?.email, user.email);
    assert.equal((await checker.check(revoked))?.email, user.email);
    coreAnswers = false;
    try {
      assert.equal((await checker.check(live))?.email, user.email, 'the last live answer stands');
      await pubsub.publish(sessionsRevokedChannel, { sessionIds: [revoked] });
      await assert.rejects(checker.check(revoked), 'a revoked session is not taken from an old answer');
      await assert.rejects(checker.check(neverSeen), 'nor a session the core never answered for');
    } finally {
      coreAnswers = true;
    }
  });
});
