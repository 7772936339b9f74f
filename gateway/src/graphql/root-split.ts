import {
  Kind,
  isNonNullType,
  print,
  visit,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { FieldOwnership } from './field-ownership.js';
import { singleSubgraphRoute } from './single-subgraph-route.js';

/** One subgraph's share of a split query: the operation text it is sent and the root fields it answers. */
export interface RootSplitPart {
  readonly plugin: string;
  /** The operation with only this part's root fields, and only the variables and fragments they use. */
  readonly query: string;
  /** The variables `query` declares, to send only their values. */
  readonly variableNames: readonly string[];
  /** The response keys (alias or field name) of this part's root fields. */
  readonly keys: readonly string[];
  /** True when one of those root fields is non-null, so a null from this part nulls the whole answer. */
  readonly nullsAll: boolean;
}

/** A query whose root fields each one subgraph answers whole, but not all the same one. */
export interface RootSplit {
  readonly operation: OperationDefinitionNode;
  readonly parts: readonly RootSplitPart[];
  /** Every response key in the order of the query, for the merged answer. */
  readonly keys: readonly string[];
}

/** Names of the variables and fragments `node` uses directly. */
function usesOf(node: ASTNode): { variables: Set<string>; fragments: Set<string> } {
  const variables = new Set<string>();
  const fragments = new Set<string>();
  visit(node, {
    Variable: (variable) => void variables.add(variable.name.value),
    FragmentSpread: (spread) => void fragments.add(spread.name.value),
  });
  return { variables, fragments };
}

/** The operation with only `fields` at its root, and the fragments and variable definitions they need. */
function partDocument(operation: OperationDefinitionNode, fields: readonly FieldNode[], fragments: ReadonlyMap<string, FragmentDefinitionNode>): DocumentNode {
  const variables = new Set<string>();
  const needed = new Set<string>();
  const pending: ASTNode[] = [...fields];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const uses = usesOf(node);
    for (const name of uses.variables) variables.add(name);
    for (const name of uses.fragments) {
      const fragment = fragments.get(name);
      if (!needed.has(name) && fragment) pending.push(fragment);
      needed.add(name);
    }
  }
  const part: OperationDefinitionNode = {
    ...operation,
    variableDefinitions: operation.variableDefinitions?.filter((definition) => variables.has(definition.variable.name.value)),
    selectionSet: { kind: Kind.SELECTION_SET, selections: fields },
  };
  return { kind: Kind.DOCUMENT, definitions: [part, ...[...fragments.values()].filter((fragment) => needed.has(fragment.name.value))] };
}

/**
 * How to answer a query none of whose subgraphs can answer whole, without the planner: when each root field
 * can be answered whole by some subgraph, each subgraph is sent its own root fields as one operation, the
 * calls run at once, and their `data` are merged by response key. Undefined when the query needs the
 * planner: a mutation (its root fields run one after another), fragments or `__typename` at the root, the
 * same response key twice (the executor would merge their selections), or any root field that needs
 * several subgraphs. `document` must be valid against `schema` and hold one operation.
 */
export function planRootSplit(schema: GraphQLSchema, ownership: FieldOwnership, document: DocumentNode): RootSplit | undefined {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const operation = operations[0];
  if (operations.length !== 1 || !operation || operation.operation !== 'query') return undefined;
  const queryType = schema.getQueryType();
  if (!queryType) return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }

  const groups = new Map<string, FieldNode[]>();
  const keys: string[] = [];
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || selection.name.value.startsWith('__')) return undefined;
    const key = selection.alias?.value ?? selection.name.value;
    if (keys.includes(key)) return undefined;
    keys.push(key);
    const candidates = singleSubgraphRoute(schema, ownership, partDocument(operation, [selection], fragments));
    // Fewer calls: a subgraph already chosen for an earlier field takes this one too when it can.
    const plugin = candidates.find((name) => groups.has(name)) ?? candidates[0];
    if (!plugin) return undefined;
    groups.set(plugin, [...(groups.get(plugin) ?? []), selection]);
  }
  if (groups.size < 2) return undefined;

  const parts = [...groups].map(([plugin, fields]): RootSplitPart => {
    const part = partDocument(operation, fields, fragments);
    const partOperation = part.definitions[0] as OperationDefinitionNode;
    return {
      plugin,
      query: print(part),
      variableNames: (partOperation.variableDefinitions ?? []).map((definition) => definition.variable.name.value),
      keys: fields.map((field) => field.alias?.value ?? field.name.value),
      nullsAll: fields.some((field) => {
        const type = queryType.getFields()[field.name.value]?.type;
        return type !== undefined && isNonNullType(type);
      }),
    };
  });
  return { operation, parts, keys };
}
