import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definePlugin, validatePluginDefinition } from './define-plugin.js';
import type { PluginDefinition } from './plugin-definition.js';

describe('definePlugin', () => {
  it('accepts a complete definition and returns it unchanged', () => {
    const definition = { name: 'notes', graphql: () => ({ typeDefs: 'type Query { a: Int }', resolvers: {} }) };
    assert.equal(definePlugin(definition), definition);
  });

  it('names the field when name is missing', () => {
    assert.throws(
      () => validatePluginDefinition({ graphql: () => ({}) }),
      /Plugin "\(unnamed\)" is not valid: "name" is required/,
    );
  });

  it('names the plugin and the field when graphql is not a function', () => {
    assert.throws(
      () => validatePluginDefinition({ name: 'notes', graphql: 'type Query { a: Int }' }),
      /Plugin "notes" is not valid: "graphql" must be a function/,
    );
  });

  it('refuses a name that cannot be a queue prefix or a URL segment', () => {
    assert.throws(
      () => definePlugin({ name: 'My Notes', graphql: () => ({ typeDefs: '', resolvers: {} }) } as PluginDefinition),
      /Plugin "My Notes" is not valid: "name" must be lower-case/,
    );
  });
});
