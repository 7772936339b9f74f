import { z } from 'zod';
import { operationRootTypes } from './auth/operation-access.js';
import { roles } from './auth/roles.js';
import { dashboardDatasetsSchema } from './dashboard/dashboard-dataset.js';
import { InputError } from './errors.js';
import { searchDeclarationsSchema } from './search/search-declaration.js';
import type { PluginDefinition, PluginRequestContext } from './plugin-definition.js';

export const pluginNamePattern = /^[a-z][a-z0-9-]*$/;

const pluginDefinitionSchema = z.object({
  name: z
    .string({ error: 'is required and must be a string' })
    .regex(pluginNamePattern, 'must be lower-case letters, digits and dashes, starting with a letter'),
  graphql: z.custom<PluginDefinition['graphql']>((value) => typeof value === 'function', 'must be a function'),
  apolloServerContext: z
    .custom<PluginDefinition['apolloServerContext']>((value) => typeof value === 'function', 'must be a function')
    .optional(),
  onServerInit: z
    .custom<PluginDefinition['onServerInit']>((value) => typeof value === 'function', 'must be a function')
    .optional(),
  meta: z
    .object({
      inboxIntegration: z
        .object({
          kind: z.string().min(1),
          label: z.string().min(1),
          publicRoutes: z.array(z.string().regex(/^\/[^?#]*$/, 'must be paths starting with "/"')).optional(),
        })
        .optional(),
    })
    .optional(),
  operations: z
    .object(
      Object.fromEntries(
        operationRootTypes.map((type) => [
          type,
          z.record(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]*$/, 'must name GraphQL fields'), z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'must be "public", "authenticated" or an action\'s short name')).optional(),
        ]),
      ),
    )
    .strict()
    .optional(),
  search: searchDeclarationsSchema.optional(),
  dependsOn: z.array(z.string().regex(pluginNamePattern, 'must list plugin names')).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must name environment variables'), z.string().min(1, 'must say what the variable does')).optional(),
  permissions: z
    .record(
      z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'must name modules in camelCase'),
      z.object({
        description: z.string().min(1),
        actions: z.record(
          z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'must name actions in camelCase'),
          z.object({ description: z.string().min(1), roles: z.array(z.enum(roles)) }),
        ),
      }),
    )
    .optional(),
  dashboardDatasets: dashboardDatasetsSchema.optional(),
  listBounds: z.custom<PluginDefinition['listBounds']>((value) => typeof value === 'function', 'must be a function').optional(),
  activityLog: z
    .object({
      skipModels: z.array(z.string().min(1)).optional(),
      secretFields: z.array(z.string().min(1)).optional(),
      readPermissions: z.record(z.string().min(1), z.string().regex(/^[a-z][A-Za-z0-9]*$/, "must name one of the plugin's actions by its short name")).optional(),
    })
    .strict()
    .optional(),
});

export class PluginDefinitionError extends InputError {}

function checkDependencies(definition: PluginDefinition): void {
  if (definition.dependsOn?.includes(definition.name)) {
    throw new PluginDefinitionError(`Plugin "${definition.name}" is not valid: "dependsOn" names the plugin itself`);
  }
}

/** An action's full name is `<plugin>:<action>`, so two modules of one plugin cannot both declare it. */
function checkActionsUnique(definition: PluginDefinition): void {
  const moduleOf = new Map<string, string>();
  for (const [module, declaration] of Object.entries(definition.permissions ?? {})) {
    for (const action of Object.keys(declaration.actions)) {
      const other = moduleOf.get(action);
      if (other) throw new PluginDefinitionError(`Plugin "${definition.name}" is not valid: action "${action}" is declared by both "${other}" and "${module}"`);
      moduleOf.set(action, module);
    }
  }
}

/** An operation names an action by its short name; it must be one the plugin declares. */
function checkOperationActions(definition: PluginDefinition): void {
  const actions = new Set(Object.values(definition.permissions ?? {}).flatMap((module) => Object.keys(module.actions)));
  for (const type of operationRootTypes) {
    for (const [field, access] of Object.entries(definition.operations?.[type] ?? {})) {
      if (access === 'public' || access === 'authenticated' || actions.has(access)) continue;
      throw new PluginDefinitionError(`Plugin "${definition.name}" is not valid: "operations.${type}.${field}" needs "${access}", which its "permissions" do not declare`);
    }
  }
}

/**
 * Checks a plugin's definition, so a plugin that is wired wrongly fails at boot
 * with a message naming the plugin and the field rather than at its first request.
 */
export function validatePluginDefinition(definition: unknown): asserts definition is PluginDefinition {
  const result = pluginDefinitionSchema.safeParse(definition);
  if (result.success) {
    checkDependencies(definition as PluginDefinition);
    checkActionsUnique(definition as PluginDefinition);
    checkOperationActions(definition as PluginDefinition);
    return;
  }
  const name =
    typeof definition === 'object' && definition !== null && typeof (definition as { name?: unknown }).name === 'string'
      ? (definition as { name: string }).name
      : '(unnamed)';
  const problems = result.error.issues.map((issue) => `"${issue.path.join('.') || 'definition'}" ${issue.message}`);
  throw new PluginDefinitionError(`Plugin "${name}" is not valid: ${problems.join('; ')}`);
}

/**
 * Declares a plugin; the host validates it again when it loads it. The result is typed for the host,
 * which passes the context through without looking inside: the plugin's own `apolloServerContext`
 * is what guarantees the richer `TContext` its resolvers read.
 */
export function definePlugin<TContext extends PluginRequestContext = PluginRequestContext>(
  definition: PluginDefinition<TContext>,
): PluginDefinition {
  validatePluginDefinition(definition);
  return definition as unknown as PluginDefinition;
}
