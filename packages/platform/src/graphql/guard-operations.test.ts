import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definePlugin, PluginDefinitionError, type PluginDefinition, type PluginRequestContext } from '@lattice/plugin-sdk';
import { execute, parse, subscribe, type ExecutionResult } from 'graphql';
import { checkPluginOperations } from './build-plugin-schema.js';
import { buildPluginSchema } from './build-plugin-schema.js';

const typeDefs = `
  type Query { hello: String, me: String, secret: String }
  type Mutation { change: Boolean }
  type Subscription { ticks: Int }
`;
const resolvers = {
  Query: { hello: () => 'hi', me: (_: unknown, __: unknown, context: PluginRequestContext) => context.user?.email, secret: () => 'numbers' },
  Mutation: { change: () => true },
  Subscription: {
    ticks: {
      async *subscribe() {
        yield { ticks: 1 };
      },
    },
  },
};
const permissions = { reports: { description: 'Reports', actions: { readReports: { description: 'Read', roles: ['owner' as const] }, changeReports: { description: 'Change', roles: ['owner' as const] } } } };

function plugin(operations: PluginDefinition['operations']): PluginDefinition {
  return definePlugin({ name: 'reports', permissions, operations, graphql: () => ({ typeDefs, resolvers }) });
}
const declared = plugin({ Query: { hello: 'public', me: 'authenticated', secret: 'readReports' }, Mutation: { change: 'changeReports' }, Subscription: { ticks: 'readReports' } });

function contextOf(permissionNames?: string[]): PluginRequestContext {
  const user = permissionNames ? { _id: 'u1', email: 'u@example.com', role: 'member' as const, permissions: permissionNames } : undefined;
  return { user, plugin: 'reports' } as unknown as PluginRequestContext;
}

async function run(query: string, context: PluginRequestContext) {
  const schema = buildPluginSchema(declared, {} as never);
  const result = (await execute({ schema, document: parse(query), contextValue: context })) as ExecutionResult;
  // graphql-js answers objects without a prototype.
  return { data: result.data ? { ...result.data } : result.data, code: codeOf(result), message: result.errors?.[0]?.message };
}

/** The code the platform's error formatter would give: the Lattice error's under graphql-js's wrapper. */
function codeOf(result: ExecutionResult): string | undefined {
  return (result.errors?.[0]?.originalError as { code?: string } | undefined)?.code;
}

describe('operations: what each root field needs', () => {
  it('refuses a plugin with a root field missing from operations, naming every one', () => {
    assert.throws(
      () => checkPluginOperations(plugin({ Query: { hello: 'public' } })),
      (error: unknown) =>
        error instanceof PluginDefinitionError &&
        /Query\.me has no entry/.test(error.message) &&
        /Query\.secret has no entry/.test(error.message) &&
        /Mutation\.change has no entry/.test(error.message) &&
        /Subscription\.ticks has no entry/.test(error.message),
    );
  });

  it('refuses an entry for a field the schema does not have, and an action the plugin does not declare', () => {
    assert.throws(() => checkPluginOperations(plugin({ ...declared.operations, Query: { ...declared.operations?.Query, gone: 'public' } })), /"operations\.Query\.gone" names a field the schema does not have/);
    assert.throws(() => plugin({ ...declared.operations, Mutation: { change: 'removeReports' } }), /"operations\.Mutation\.change" needs "removeReports", which its "permissions" do not declare/);
  });

  it('lets a public field run without a user, an authenticated one with any user, an action only with that action', async () => {
    assert.deepEqual((await run('{ hello }', contextOf())).data, { hello: 'hi' });
    assert.equal((await run('{ me }', contextOf())).code, 'UNAUTHENTICATED');
    assert.deepEqual((await run('{ me }', contextOf([]))).data, { me: 'u@example.com' });
    const refused = await run('{ secret }', contextOf([]));
    assert.equal(refused.code, 'FORBIDDEN');
    assert.match(refused.message ?? '', /"reports:readReports"/);
    assert.deepEqual((await run('{ secret }', contextOf(['reports:readReports']))).data, { secret: 'numbers' });
    assert.equal((await run('mutation { change }', contextOf(['reports:readReports']))).code, 'FORBIDDEN');
    assert.deepEqual((await run('mutation { change }', contextOf(['reports:changeReports']))).data, { change: true });
  });

  it("checks a subscription's action before it subscribes", async () => {
    const schema = buildPluginSchema(declared, {} as never);
    const refused = (await subscribe({ schema, document: parse('subscription { ticks }'), contextValue: contextOf([]) })) as ExecutionResult;
    assert.equal(codeOf(refused), 'FORBIDDEN');
    const events = (await subscribe({ schema, document: parse('subscription { ticks }'), contextValue: contextOf(['reports:readReports']) })) as AsyncIterableIterator<ExecutionResult>;
    assert.deepEqual({ ...(await events.next()).value.data }, { ticks: 1 });
  });
});
