import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definePlugin } from '../define-plugin.js';
import { searchHitUrl } from './search-declaration.js';

const declaration = { type: 'note', collection: 'notes', fields: { title: 3, body: 1 }, title: ['title'], permission: 'notes:showNotes', url: '/notes/?note={_id}' };

describe('search declarations', () => {
  it('are accepted on a plugin definition', () => {
    const plugin = definePlugin({ name: 'notes', graphql: () => ({ typeDefs: 'type Query { x: Int }', resolvers: {} }), search: [declaration] });
    assert.equal(plugin.search?.[0]?.type, 'note');
  });

  it('are refused with the field named when wrong', () => {
    const define = (search: unknown[]) => () => definePlugin({ name: 'notes', graphql: () => ({ typeDefs: '', resolvers: {} }), search: search as never });
    assert.throws(define([{ ...declaration, permission: 'showNotes' }]), /"search\.0\.permission" must be a permission/);
    assert.throws(define([{ ...declaration, fields: {} }]), /"search\.0\.fields" must name at least one field/);
    assert.throws(define([{ ...declaration, fields: { 'a.b': 1 } }]), /"search\.0\.fields\.a\.b"/);
    assert.throws(define([declaration, declaration]), /declares one type twice/);
    assert.throws(define([{ ...declaration, snippet: ['other'] }]), /snippet must list searched fields/);
  });

  it('fill a hit URL from the record, encoded', () => {
    assert.equal(searchHitUrl(declaration, { _id: 'a b/c' }), '/notes/?note=a%20b%2Fc');
  });
});
