import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

export interface OperationLimits {
  /** Deepest allowed nesting of fields. */
  maxDepth: number;
  /** Most fields an operation may select once fragments are expanded (a simple cost measure). */
  maxFields: number;
  /** Most aliased fields: aliases are how one request asks for the same costly field many times. */
  maxAliases: number;
}

interface Size {
  depth: number;
  fields: number;
  aliases: number;
}

/**
 * Rejects operations nested deeper or selecting more fields than the limits, counting fragments where
 * they are spread. Each fragment is measured once, so a "fragment bomb" costs linear time to reject.
 */
export function operationLimitsRule(limits: OperationLimits): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
    const measured = new Map<string, Size>();
    const inProgress = new Set<string>();

    const fragmentSize = (name: string): Size => {
      const known = measured.get(name);
      if (known) return known;
      const fragment = fragments.get(name);
      // Unknown fragments and cycles are reported by graphql-js's own rules; here they count as empty.
      if (!fragment || inProgress.has(name)) return { depth: 0, fields: 0, aliases: 0 };
      inProgress.add(name);
      const size = sizeOf(fragment.selectionSet);
      inProgress.delete(name);
      measured.set(name, size);
      return size;
    };

    const sizeOf = (selectionSet: SelectionSetNode): Size => {
      let depth = 0;
      let fields = 0;
      let aliases = 0;
      for (const selection of selectionSet.selections) {
        let inner: Size;
        if (selection.kind === Kind.FIELD) {
          const below = selection.selectionSet ? sizeOf(selection.selectionSet) : { depth: 0, fields: 0, aliases: 0 };
          inner = { depth: below.depth + 1, fields: below.fields + 1, aliases: below.aliases + (selection.alias ? 1 : 0) };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = sizeOf(selection.selectionSet);
        } else {
          inner = fragmentSize(selection.name.value);
        }
        depth = Math.max(depth, inner.depth);
        // Capped so a bomb's count stays a small number instead of overflowing to Infinity.
        fields = Math.min(fields + inner.fields, limits.maxFields + 1);
        aliases = Math.min(aliases + inner.aliases, limits.maxAliases + 1);
      }
      return { depth, fields, aliases };
    };

    return {
      OperationDefinition(node) {
        const { depth, fields, aliases } = sizeOf(node.selectionSet);
        const name = node.name ? `"${node.name.value}"` : 'the operation';
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`Query is too deep: ${name} nests ${depth} levels, the limit is ${limits.maxDepth}`, {
              nodes: [node],
            }),
          );
        }
        if (aliases > limits.maxAliases) {
          context.reportError(
            new GraphQLError(`Query has too many aliases: ${name} uses more than ${limits.maxAliases}`, { nodes: [node] }),
          );
        }
        if (fields > limits.maxFields) {
          context.reportError(
            new GraphQLError(`Query is too large: ${name} selects more than ${limits.maxFields} fields`, {
              nodes: [node],
            }),
          );
        }
      },
    };
  };
}
