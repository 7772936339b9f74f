import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** Rejects operations nested deeper than `maxDepth` fields, following fragment spreads. */
export function depthLimitRule(maxDepth: number): (context: ValidationContext) => ASTVisitor {
  return (context) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }

    const depthOf = (selectionSet: SelectionSetNode, seen: Set<string>): number => {
      let deepest = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          const below = selection.selectionSet ? depthOf(selection.selectionSet, seen) : 0;
          deepest = Math.max(deepest, 1 + below);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // A fragment cycle is reported by NoFragmentCyclesRule; here it just stops the walk.
          if (!fragment || seen.has(name)) continue;
          deepest = Math.max(deepest, depthOf(fragment.selectionSet, new Set(seen).add(name)));
        }
        if (deepest > maxDepth) return deepest;
      }
      return deepest;
    };

    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > maxDepth) {
          const name = node.name ? `"${node.name.value}"` : 'the operation';
          context.reportError(
            new GraphQLError(`Query is too deep: ${name} nests ${depth} levels, the limit is ${maxDepth}`, {
              nodes: [node],
            }),
          );
        }
      },
    };
  };
}
