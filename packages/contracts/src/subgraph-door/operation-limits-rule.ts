import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export interface OperationLimits {
  /** Deepest allowed nesting of fields. */
  maxDepth: number;
  /** Most fields an operation may select once fragments are expanded. */
  maxFields: number;
  /** Most aliased fields: aliases are how one request asks for the same costly field many times. */
  maxAliases: number;
  /**
   * Most cost: every field costs 1 plus what it selects, and a list field multiplies that by the items it may
   * return (`listSize`), so nested lists multiply through.
   */
  maxCost: number;
  /** The items a list field counts for unless a paging argument gives a smaller literal number. */
  listSize: number;
}

/**
 * The most items a list field may really return when no page size is given (`documents` returns the whole
 * collection: its count), or undefined when unknown, which counts as `listSize`. Plugin hosts know theirs.
 */
export type ListBound = (typeName: string, fieldName: string) => number | undefined;

/** Arguments that bound how many items a list field returns (`perPage: 20`, `first: 10`, …). */
const PAGING_ARGUMENTS = new Set(['perPage', 'limit', 'first', 'last', 'take', 'pageSize']);

export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

interface Size {
  depth: number;
  fields: number;
  aliases: number;
  cost: number;
}

const EMPTY: Size = { depth: 0, fields: 0, aliases: 0, cost: 0 };

function tooComplex(message: string, node?: Parameters<ValidationContext['reportError']>[0]['nodes']): GraphQLError {
  return new GraphQLError(message, { nodes: node, extensions: { code: QUERY_TOO_COMPLEX } });
}

/** How many items a list field may return: a literal paging argument below its bound, else its bound. */
function listItems(field: FieldNode, bound: number): number {
  for (const argument of field.arguments ?? []) {
    if (!PAGING_ARGUMENTS.has(argument.name.value) || argument.value.kind !== Kind.INT) continue;
    const value = Number(argument.value.value);
    if (Number.isSafeInteger(value)) return Math.min(Math.max(value, 1), bound);
  }
  return bound;
}

// Far past any limit, and still exact in a double: the refusal can say how much a query costs.
const COST_CEILING = 1e15;

function fieldDefinition(parent: GraphQLCompositeType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (parent && (isObjectType(parent) || isInterfaceType(parent))) return parent.getFields()[name];
  return undefined;
}

/**
 * Refuses operations nested deeper, selecting more fields or aliases, or costing more than the limits (code
 * QUERY_TOO_COMPLEX), counting fragments where they are spread. Each fragment is measured once, so a
 * "fragment bomb" costs linear time to refuse. The same rule runs at the gateway and in every plugin host.
 */
export function operationLimitsRule(limits: OperationLimits, listBound?: ListBound): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    /** The lists counted by their real bound, for the refusal's message ("documents: 5000 items"). */
    const bounded = new Map<string, number>();
    const boundOf = (parent: GraphQLCompositeType | undefined, fieldName: string): number => {
      const bound = parent ? listBound?.(parent.name, fieldName) : undefined;
      if (bound === undefined) return limits.listSize;
      bounded.set(fieldName, bound);
      return bound;
    };
    const schema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const measured = new Map<string, Size>();
    const inProgress = new Set<string>();
    const typeNamed = (name: string | undefined, fallback: GraphQLCompositeType | undefined) => {
      if (!name) return fallback;
      const type = schema.getType(name);
      return type && isCompositeType(type) ? type : undefined;
    };

    const fragmentSize = (name: string): Size => {
      const known = measured.get(name);
      if (known) return known;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are reported by graphql-js's own rules; here they count as empty.
      if (!fragment || inProgress.has(name)) return EMPTY;
      inProgress.add(name);
      const size = sizeOf(fragment.selectionSet, typeNamed(fragment.typeCondition.name.value, undefined));
      inProgress.delete(name);
      measured.set(name, size);
      return size;
    };

    const sizeOf = (selectionSet: SelectionSetNode, parent: GraphQLCompositeType | undefined): Size => {
      let depth = 0;
      let fields = 0;
      let aliases = 0;
      let cost = 0;
      for (const selection of selectionSet.selections) {
        let inner: Size;
        if (selection.kind === Kind.FIELD) {
          const definition = fieldDefinition(parent, selection.name.value);
          const named = definition ? getNamedType(definition.type) : undefined;
          const below = selection.selectionSet ? sizeOf(selection.selectionSet, named && isCompositeType(named) ? named : undefined) : EMPTY;
          const items = definition && isListType(getNullableType(definition.type)) ? listItems(selection, boundOf(parent, selection.name.value)) : 1;
          inner = {
            depth: below.depth + 1,
            fields: below.fields + 1,
            aliases: below.aliases + (selection.alias ? 1 : 0),
            cost: Math.min((1 + below.cost) * items, COST_CEILING),
          };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = sizeOf(selection.selectionSet, typeNamed(selection.typeCondition?.name.value, parent));
        } else {
          inner = fragmentSize(selection.name.value);
        }
        depth = Math.max(depth, inner.depth);
        // Capped so a bomb's count stays a small number instead of overflowing to Infinity.
        fields = Math.min(fields + inner.fields, limits.maxFields + 1);
        aliases = Math.min(aliases + inner.aliases, limits.maxAliases + 1);
        cost = Math.min(cost + inner.cost, COST_CEILING);
      }
      return { depth, fields, aliases, cost };
    };

    return {
      OperationDefinition(node) {
        const { depth, fields, aliases, cost } = sizeOf(node.selectionSet, schema.getRootType(node.operation) ?? undefined);
        const name = node.name ? `"${node.name.value}"` : 'the operation';
        if (depth > limits.maxDepth) {
          context.reportError(tooComplex(`Query is too deep: ${name} nests ${depth} levels, the limit is ${limits.maxDepth}`, [node]));
        }
        if (aliases > limits.maxAliases) {
          context.reportError(tooComplex(`Query has too many aliases: ${name} uses more than ${limits.maxAliases}`, [node]));
        }
        if (fields > limits.maxFields) {
          context.reportError(tooComplex(`Query is too large: ${name} selects more than ${limits.maxFields} fields`, [node]));
        }
        if (cost > limits.maxCost) {
          const real = [...bounded].map(([field, items]) => `${field} ${items}`).join(', ');
          context.reportError(
            tooComplex(
              `Query is too costly: ${name} may cost ${cost >= COST_CEILING ? `more than ${COST_CEILING}` : cost}, the limit is ${limits.maxCost} ` +
                `(a field costs 1 plus what it selects, times the items of a list: its page size when a paging argument such as perPage gives one, ` +
                `else ${real ? `what it holds (${real}) or ` : ''}${limits.listSize}): page the lists, or ask for less`,
              [node],
            ),
          );
        }
      },
    };
  };
}
