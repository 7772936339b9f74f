import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

/** Fields anyone may ask for: `_service` lets the gateway compose the subgraph; it holds only the SDL. */
const alwaysPublic = ['__typename', '_service'];

/** The root fields that need no login: the root fields the plugin's `operations` mark `public`, and introspection when it is allowed. */
export function publicFieldNames(publicFields: Iterable<string>, allowIntrospection: boolean): ReadonlySet<string> {
  const allowed = new Set([...alwaysPublic, ...publicFields]);
  if (allowIntrospection) ['__schema', '__type'].forEach((field) => allowed.add(field));
  return allowed;
}

function rootFieldNames(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  names = new Set<string>(),
): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFieldNames(selection.selectionSet, fragments, names);
    else {
      const fragment = fragments[selection.name.value];
      if (fragment) rootFieldNames(fragment.selectionSet, fragments, names);
    }
  }
  return names;
}

/** True when every root field the operation asks for is in `allowed`, so it may run without a login. */
export function asksOnlyFor(allowed: ReadonlySet<string>, operation: OperationDefinitionNode, document: DocumentNode): boolean {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return [...rootFieldNames(operation.selectionSet, fragments)].every((field) => allowed.has(field));
}
