import { checkOperationAccess, operationRootTypes, PluginDefinitionError, type OperationRootType, type PluginDefinition, type PluginRequestContext } from '@lattice/plugin-sdk';
import type { ActivityRecorder } from '../activity/activity-recorder.js';
import { runInOperation } from '../host/request-scope.js';
import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLSchema } from 'graphql';

/** Federation's own root fields: `_service` (the SDL, for composing) and `_entities` (needs a login; each type's reference resolver decides the rest). */
const federationFields = new Set(['_service', '_entities']);

function rootType(schema: GraphQLSchema, type: OperationRootType): GraphQLObjectType | null | undefined {
  if (type === 'Query') return schema.getQueryType();
  if (type === 'Mutation') return schema.getMutationType();
  return schema.getSubscriptionType();
}

/** Every root field of the schema with what the plugin's `operations` say it needs (undefined: nothing). */
function rootFields(schema: GraphQLSchema, definition: PluginDefinition) {
  return operationRootTypes.flatMap((type) =>
    Object.values(rootType(schema, type)?.getFields() ?? {})
      .filter((field) => !federationFields.has(field.name))
      .map((field) => ({ type, field, access: definition.operations?.[type]?.[field.name] })),
  );
}

/**
 * What is wrong between a plugin's schema and its `operations`: root fields without a declaration, and
 * declarations of fields the schema does not have. Empty when every operation is declared.
 */
export function undeclaredOperations(schema: GraphQLSchema, definition: PluginDefinition): string[] {
  const problems = rootFields(schema, definition)
    .filter(({ access }) => access === undefined)
    .map(({ type, field }) => `${type}.${field.name} has no entry in "operations"`);
  for (const type of operationRootTypes) {
    const fields = rootType(schema, type)?.getFields() ?? {};
    for (const name of Object.keys(definition.operations?.[type] ?? {})) {
      if (!fields[name]) problems.push(`"operations.${type}.${name}" names a field the schema does not have`);
    }
  }
  return problems;
}

/** Refuses a plugin whose schema and `operations` disagree, naming every field concerned. */
export function assertOperationsDeclared(schema: GraphQLSchema, definition: PluginDefinition): void {
  const problems = undeclaredOperations(schema, definition);
  if (problems.length > 0) throw new PluginDefinitionError(`Plugin "${definition.name}" is not valid: ${problems.join('; ')}`);
}

/**
 * The platform's permission check: every root resolver (a subscription's `subscribe`) first checks what the
 * plugin declared for it, so no resolver checks its own action by hand. Changes the schema in place.
 */
export function guardOperations(schema: GraphQLSchema, definition: PluginDefinition, activity?: ActivityRecorder): void {
  assertOperationsDeclared(schema, definition);
  for (const { type, field, access } of rootFields(schema, definition)) {
    if (access === undefined) continue;
    if (type === 'Subscription') {
      const subscribe = field.subscribe;
      if (!subscribe) continue;
      field.subscribe = (source, args, context: PluginRequestContext | undefined, info) => {
        checkOperationAccess(context, access);
        return subscribe(source, args, context, info);
      };
      continue;
    }
    const resolve: GraphQLFieldResolver<unknown, PluginRequestContext> = field.resolve ?? defaultFieldResolver;
    if (type === 'Mutation') {
      // A mutation's changes are recorded under its name; one that changed no record is recorded by its name alone.
      field.resolve = (source, args, context: PluginRequestContext, info) => {
        checkOperationAccess(context, access);
        return runInOperation(field.name, async () => {
          const result: unknown = await resolve(source, args, context, info);
          activity?.recordOperation(field.name);
          return result;
        });
      };
      continue;
    }
    field.resolve = (source, args, context: PluginRequestContext, info) => {
      checkOperationAccess(context, access);
      return resolve(source, args, context, info);
    };
  }
}
