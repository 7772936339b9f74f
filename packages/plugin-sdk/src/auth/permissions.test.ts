import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definePlugin } from '../define-plugin.js';
import { can, declaredActions } from './permissions.js';

const graphql = () => ({ typeDefs: 'type Query { a: Int }', resolvers: {} });

describe('permissions', () => {
  it('can() answers from the effective set the session check gave, and no for nobody', () => {
    const user = { permissions: ['documents:showDocuments'] };
    assert.equal(can(user, 'documents:showDocuments'), true);
    assert.equal(can(user, 'documents:removeDocuments'), false);
    assert.equal(can(undefined, 'documents:showDocuments'), false);
  });

  it('names every declared action <plugin>:<action> with its module', () => {
    const actions = declaredActions('documents', {
      documents: { description: 'Documents', actions: { showDocuments: { description: 'See', roles: ['member'] } } },
      documentTypes: { description: 'Types', actions: { manageDocumentTypes: { description: 'Change', roles: [] } } },
    });
    assert.deepEqual([...actions.keys()], ['documents:showDocuments', 'documents:manageDocumentTypes']);
    assert.equal(actions.get('documents:manageDocumentTypes')?.module, 'documentTypes');
  });

  it('refuses a definition that declares one action in two modules, or a badly named one', () => {
    assert.throws(
      () =>
        definePlugin({
          name: 'twice',
          graphql,
          permissions: {
            a: { description: 'A', actions: { doIt: { description: 'x', roles: [] } } },
            b: { description: 'B', actions: { doIt: { description: 'x', roles: [] } } },
          },
        }),
      /action "doIt" is declared by both "a" and "b"/,
    );
    assert.throws(
      () => definePlugin({ name: 'badly', graphql, permissions: { a: { description: 'A', actions: { 'do.it': { description: 'x', roles: [] } } } } }),
      /"permissions\.a\.actions\.do\.it"/,
    );
  });
});
