import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { identityKey, InFlightRequests, requestKey } from './in-flight-requests.js';

/** A call that resolves (or fails) when the test says so, counting how often it was made. */
function controlledCall() {
  let made = 0;
  let settle: { resolve: (value: string) => void; reject: (error: Error) => void } | undefined;
  const call = () => {
    made += 1;
    return new Promise<string>((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return { call, made: () => made, resolve: (value: string) => settle?.resolve(value), reject: (error: Error) => settle?.reject(error) };
}

describe('InFlightRequests', () => {
  it('makes one call for every request with the same key while it runs, then forgets it', async () => {
    const inFlight = new InFlightRequests(true);
    const control = controlledCall();
    const first = inFlight.share('k', control.call);
    const second = inFlight.share('k', control.call);
    assert.equal(first.joined, false);
    assert.equal(second.joined, true);
    assert.equal(control.made(), 1);
    control.resolve('answer');
    assert.deepEqual(await Promise.all([first.answer, second.answer]), ['answer', 'answer']);
    assert.equal(inFlight.size, 0);
    const third = inFlight.share('k', control.call);
    assert.equal(third.joined, false);
    assert.equal(control.made(), 2);
    control.resolve('again');
    assert.equal(await third.answer, 'again');
  });

  it('fails every waiter with the same error, and the next request calls again', async () => {
    const inFlight = new InFlightRequests(true);
    const control = controlledCall();
    const waiters = [inFlight.share('k', control.call), inFlight.share('k', control.call)];
    const failure = new Error('subgraph went away');
    control.reject(failure);
    for (const waiter of waiters) await assert.rejects(waiter.answer, (error) => error === failure);
    assert.equal(inFlight.size, 0);
    const next = inFlight.share('k', control.call);
    assert.equal(next.joined, false);
    control.resolve('fine');
    assert.equal(await next.answer, 'fine');
    assert.equal(control.made(), 2);
  });

  it('never shares without a key, across keys, or when turned off', async () => {
    const on = new InFlightRequests(true);
    const off = new InFlightRequests(false);
    let made = 0;
    const call = async () => (made += 1);
    const answers = [
      on.share(undefined, call),
      on.share(undefined, call),
      on.share('a', call),
      on.share('b', call),
      off.share('a', call),
      off.share('a', call),
    ];
    assert.ok(answers.every(({ joined }) => !joined));
    assert.deepEqual((await Promise.all(answers.map(({ answer }) => answer))).sort(), [1, 2, 3, 4, 5, 6]);
  });
});

describe('request keys', () => {
  const ada = { cookie: 'auth-token=ada', accept: 'application/json', 'x-request-id': 'one' };

  it('leave out the request id and the order of headers, and nothing else', () => {
    assert.equal(identityKey(ada), identityKey({ 'x-request-id': 'two', accept: 'application/json', cookie: 'auth-token=ada' }));
    assert.notEqual(identityKey(ada), identityKey({ ...ada, cookie: 'auth-token=bob' }));
    assert.notEqual(identityKey(ada), identityKey({ ...ada, authorization: 'Bearer x' }));
    assert.notEqual(identityKey(ada), identityKey({ ...ada, 'x-forwarded-for': '10.0.0.2' }));
  });

  it('tell plugins, ways and bodies apart byte for byte', () => {
    const body = Buffer.from('{"query":"{ a }"}');
    const key = requestKey('forwarded', 'documents', ada, body);
    assert.equal(key, requestKey('forwarded', 'documents', { ...ada }, Buffer.from(body)));
    assert.notEqual(key, requestKey('forwarded', 'contacts', ada, body));
    assert.notEqual(key, requestKey('planned', 'documents', ada, body));
    assert.notEqual(key, requestKey('forwarded', 'documents', ada, Buffer.from('{"query":"{ a }" }')));
    assert.notEqual(requestKey('forwarded', 'd', ada, Buffer.from([0xc3, 0xa9])), requestKey('forwarded', 'd', ada, Buffer.from([0xe9])));
  });
});

describe('fresh requests', () => {
  it('never join a call started before they arrived; later requests share theirs', async () => {
    const inFlight = new InFlightRequests(true);
    const older = controlledCall();
    const newer = controlledCall();
    const first = inFlight.share('k', older.call);
    const fresh = inFlight.share('k', newer.call, inFlight.mark());
    const later = inFlight.share('k', older.call);
    assert.deepEqual([first.joined, fresh.joined, later.joined], [false, false, true]);
    assert.equal(older.made(), 1);
    assert.equal(newer.made(), 1);
    // The older call settling leaves the newer one in place for the requests still to come.
    older.resolve('before the change');
    assert.equal(await first.answer, 'before the change');
    assert.equal(inFlight.size, 1);
    assert.equal(inFlight.share('k', older.call).joined, true);
    newer.resolve('after the change');
    assert.deepEqual(await Promise.all([fresh.answer, later.answer]), ['after the change', 'after the change']);
    assert.equal(inFlight.size, 0);
  });

  it('join a call started after they arrived', async () => {
    const inFlight = new InFlightRequests(true);
    const control = controlledCall();
    const arrived = inFlight.mark();
    const started = inFlight.share('k', control.call);
    const fresh = inFlight.share('k', control.call, arrived);
    assert.deepEqual([started.joined, fresh.joined], [false, true]);
    control.resolve('answer');
    assert.equal(await fresh.answer, 'answer');
    assert.equal(control.made(), 1);
  });

  it('forget a call that throws before it starts', async () => {
    const inFlight = new InFlightRequests(true);
    const failure = new Error('no replica');
    const broken = inFlight.share('k', () => {
      throw failure;
    });
    await assert.rejects(broken.answer, (error) => error === failure);
    assert.equal(inFlight.size, 0);
  });
});
