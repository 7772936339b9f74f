import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { sessionsCheckQueue, sessionsRevokedChannel } from '@lattice/contracts';
import { PubSub } from 'graphql-subscriptions';
import { createLogger } from '../host/create-logger.js';
import { createSessionChecker, SessionsUnavailableError, type SessionChecker } from './session-checker.js';

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
    // cacheMs and staleMs 0: every check waits for the core, as one would once an answer is too old to use.
    checker = createSessionChecker({ broker, pubsub, logger: createLogger('test', 'silent'), cacheMs: 0, staleMs: 0 });
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
      await assert.rejects(checker.check(neverSeen), (error) => error instanceof SessionsUnavailableError && error.code === 'PLUGIN_UNAVAILABLE', 'nor a session the core never answered for: temporarily unavailable, not logged out');
    } finally {
      coreAnswers = true;
    }
  });
});

describe('the session checker through a core outage', () => {
  const broker = createInProcessBroker();
  const pubsub = new PubSub();
  let coreAnswers = true;
  let questions = 0;
  let checker: SessionChecker;

  before(async () => {
    await broker.consumeRPCQueue(sessionsCheckQueue.name, (data) => {
      const { sessionIds } = sessionsCheckQueue.payload.parse(data);
      questions += 1;
      if (!coreAnswers) return new Promise(() => undefined);
      return { sessions: sessionIds.map((sessionId) => ({ sessionId, user })) };
    });
    // A grace of 4.5 s stands for the default 10 min (a question times out after 3 s); answers are stale at once.
    checker = createSessionChecker({ broker, pubsub, logger: createLogger('test', 'silent'), cacheMs: 0, staleMs: 0, graceMs: 4_500 });
  });
  after(async () => {
    await checker.stop();
    await broker.close();
  });

  it('serves a verified session at once while the core is silent, until the grace is over; then temporarily unavailable', async () => {
    assert.equal((await checker.check(live))?.email, user.email);
    const verifiedAt = performance.now();
    coreAnswers = false;
    // The first check after the outage waits for the question's time-out (3 s), then the last live answer stands.
    assert.equal((await checker.check(live))?.email, user.email);
    const asked = questions;
    const startedAt = performance.now();
    assert.equal((await checker.check(live))?.email, user.email, 'the next ones do not wait for the silent core');
    assert.ok(performance.now() - startedAt < 100, `answered in ${Math.round(performance.now() - startedAt)} ms`);
    while (questions === asked) await new Promise((resolve) => setImmediate(resolve));
    // Past the grace, the session is neither live nor ended: the request is refused as temporarily unavailable.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 4_600 - (performance.now() - verifiedAt))));
    await assert.rejects(checker.check(live), (error) => error instanceof SessionsUnavailableError);
    coreAnswers = true;
    assert.equal((await checker.check(live))?.email, user.email, 'the core is back: the session is live again');
  });
});

describe('the session checker while an answer is getting old', () => {
  const broker = createInProcessBroker();
  const pubsub = new PubSub();
  let questions = 0;
  // Until released, the core holds its answers (a slow core): the test decides when it answers.
  let release: (() => void) | undefined;
  let checker: SessionChecker;

  before(async () => {
    await broker.consumeRPCQueue(sessionsCheckQueue.name, async (data) => {
      const { sessionIds } = sessionsCheckQueue.payload.parse(data);
      questions += 1;
      if (questions > 1) await new Promise<void>((resolve) => (release = resolve));
      return { sessions: sessionIds.map((sessionId) => ({ sessionId, user: { ...user, email: `ann-${questions}@example.com` } })) };
    });
    // A fresh answer for 1 ms, then usable for a long while (the test cannot wait 4 s at every step).
    checker = createSessionChecker({ broker, pubsub, logger: createLogger('test', 'silent'), cacheMs: 1, staleMs: 60_000 });
  });
  after(async () => {
    release?.();
    await checker.stop();
    await broker.close();
  });

  it("answers from the last live answer at once while the core is asked again, and uses the core's new answer once it comes", async () => {
    assert.equal((await checker.check(live))?.email, 'ann-1@example.com');
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The core now holds its answer: the request is not held with it.
    assert.equal((await checker.check(live))?.email, 'ann-1@example.com');
    assert.equal((await checker.check(live))?.email, 'ann-1@example.com');
    while (!release) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(questions, 2, 'one question for the session while one is pending');
    release();
    while ((await checker.check(live))?.email !== 'ann-2@example.com') await new Promise((resolve) => setImmediate(resolve));
  });

  it('does not use an answer a revocation message dropped: the request waits for the core', async () => {
    await pubsub.publish(sessionsRevokedChannel, { sessionIds: [live] });
    const checked = checker.check(live);
    while (questions < 3) await new Promise((resolve) => setImmediate(resolve));
    let settled = false;
    void checked.finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(settled, false, 'the request waits for the core');
    release?.();
    assert.equal((await checked)?.email, 'ann-3@example.com');
  });
});

describe('the session checker asking the core', () => {
  const broker = createInProcessBroker();
  const pubsub = new PubSub();
  const asked: string[][] = [];
  let checker: SessionChecker;

  before(async () => {
    await broker.consumeRPCQueue(sessionsCheckQueue.name, (data) => {
      const { sessionIds } = sessionsCheckQueue.payload.parse(data);
      asked.push(sessionIds);
      return { sessions: sessionIds.map((sessionId) => ({ sessionId, user: sessionId === revoked ? null : user })) };
    });
    checker = createSessionChecker({ broker, pubsub, logger: createLogger('test', 'silent') });
  });
  after(async () => {
    await checker.stop();
    await broker.close();
  });

  it('asks about the sessions of one turn of the event loop in one message, each once, and keeps the answers', async () => {
    const sessions = Array.from({ length: 30 }, (_, index) => `batched-session-${index}-0123456789`);
    const answers = await Promise.all([...sessions, ...sessions, revoked].map((sessionId) => checker.check(sessionId)));
    assert.equal(asked.length, 1, `${asked.length} messages`);
    assert.deepEqual([...asked[0]!].sort(), [...sessions, revoked].sort());
    assert.equal(answers.filter((answer) => answer?.email === user.email).length, 60);
    assert.equal(answers.at(-1), undefined, 'a revoked session has no user');
    assert.equal((await checker.check(sessions[0]!))?.email, user.email);
    assert.equal(await checker.check(revoked), undefined);
    assert.equal(asked.length, 1, 'answered from the cache');
  });
});
