import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByType, snippetParts } from './search-hits.js';

describe('shell search helpers', () => {
  it('group hits by type in order of first appearance', () => {
    const hit = (type: string, id: string) => ({ type, id, title: id, snippet: id, url: `/${id}` });
    assert.deepEqual(
      groupByType([hit('document', 'a'), hit('customer', 'b'), hit('document', 'c')]).map((group) => [group.type, group.hits.map((h) => h.id)]),
      [['document', ['a', 'c']], ['customer', ['b']]],
    );
  });

  it('turn a snippet into text parts, so markup in a record stays text', () => {
    assert.deepEqual(snippetParts('a &#60;b&#62; <mark>Pelican</mark> &amp; c'), [
      { text: 'a <b> ', marked: false },
      { text: 'Pelican', marked: true },
      { text: ' & c', marked: false },
    ]);
  });
});
