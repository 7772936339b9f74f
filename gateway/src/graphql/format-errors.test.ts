import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GraphQLError } from 'graphql';
import { formatError } from './format-errors.js';

describe('formatError', () => {
  const thrown = new GraphQLError('connect ECONNREFUSED 10.0.0.7:27017', {
    path: ['documents'],
    originalError: new Error('connect ECONNREFUSED 10.0.0.7:27017'),
  });

  it('hides what the gateway itself threw outside dev, as INTERNAL', () => {
    const formatted = formatError(thrown, false);
    assert.equal(formatted.message, 'Internal server error');
    assert.deepEqual(formatted.extensions, { code: 'INTERNAL' });
    assert.deepEqual(formatted.path, ['documents']);
  });

  it('keeps the message and adds the stack in dev', () => {
    const formatted = formatError(thrown, true);
    assert.equal(formatted.message, 'connect ECONNREFUSED 10.0.0.7:27017');
    assert.equal(formatted.extensions?.['code'], 'INTERNAL');
    assert.ok(Array.isArray(formatted.extensions?.['stacktrace']));
  });

  it('passes a subgraph code and message through, without its stack trace outside dev', () => {
    const fromSubgraph = new GraphQLError('Not logged in', {
      extensions: { code: 'UNAUTHENTICATED', stacktrace: ['at resolver (plugin.ts:1)'] },
    });
    assert.deepEqual(formatError(fromSubgraph, false), {
      message: 'Not logged in',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
});
