import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema, graphql } from 'graphql';
import { yieldingList } from './yielding-list.js';

describe('yieldingList', () => {
  it('gives the same answer as the plain list, in chunks with other work served between them', async () => {
    const schema = buildSchema('type Query { items: [Item] } type Item { n: Int }');
    const items = Array.from({ length: 1_200 }, (_, n) => ({ n }));
    const between: number[] = [];
    let resolved = 0;
    const rootValue = {
      items: () =>
        yieldingList(
          items.map((item) => ({ n: () => ((resolved += 1), item.n) })),
          { chunk: 500, above: 1_000 },
        ),
    };
    // Work that comes while the list resolves: it runs between chunks, not after the whole list.
    const other = setInterval(() => between.push(resolved), 0);
    const immediate = setImmediate(function again() {
      between.push(resolved);
      if (resolved < items.length) setImmediate(again);
    });
    const answer = await graphql({ schema, source: '{ items { n } }', rootValue });
    clearInterval(other);
    clearImmediate(immediate);
    assert.deepEqual(JSON.parse(JSON.stringify(answer)), { data: { items } });
    assert.ok(between.some((count) => count > 0 && count < items.length), `other work ran only at ${between.join(',')}`);
    assert.deepEqual(yieldingList([1, 2, 3], { chunk: 500 }), [1, 2, 3]);
    // Up to `above` items, the list itself: no promise per item.
    assert.ok(yieldingList(items, { chunk: 500, above: 1_200 }).every((item) => !(item instanceof Promise)));
  });

  it('leaves no unhandled rejection when the request stops and GraphQL stops reading the list midway', async () => {
    // `[Item!]` and an item of the first chunk that fails at once: graphql-js gives up on the list there and
    // never attaches to the later items, which fail when the stopped request's next chunk comes round.
    const schema = buildSchema('type Query { items: [Item!] } type Item { n: Int! }');
    const stop = new AbortController();
    const items = Array.from({ length: 1_200 }, (_, n) => ({
      n: () => {
        if (n === 50) {
          stop.abort(new Error('stopped'));
          throw new Error('this item failed');
        }
        return n;
      },
    }));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const answer = await graphql({ schema, source: '{ items { n } }', rootValue: { items: () => yieldingList(items, { chunk: 100, signal: stop.signal }) } });
      assert.equal(answer.data?.['items'], null);
      assert.equal(answer.errors?.[0]?.message, 'this item failed');
      // The later chunks settle over the next turns; unhandled rejections are reported after them.
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    assert.deepEqual(unhandled, []);
  });
});
