import {
  BREAK,
  Kind,
  TypeInfo,
  getNamedType,
  isAbstractType,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import type { FieldOwnership } from './field-ownership.js';

/**
 * The subgraphs (name order) each of which can answer every field of `document` by itself; empty when the
 * operation needs the planner (fields of several subgraphs, entity hops, introspection). A subscription
 * is routed the same way: it is forwarded whole to one of these, or refused.
 * `document` must already be valid against `schema`.
 */
export function singleSubgraphRoute(
  schema: GraphQLSchema,
  ownership: FieldOwnership,
  document: DocumentNode,
): readonly string[] {
  let candidates: Set<string> | undefined;
  let impossible = false;

  const narrow = (owners: ReadonlySet<string> | undefined): void => {
    if (!owners) {
      impossible = true;
      return;
    }
    if (!candidates) {
      candidates = new Set(owners);
    } else {
      for (const name of candidates) if (!owners.has(name)) candidates.delete(name);
    }
    if (candidates.size === 0) impossible = true;
  };

  const fragmentTypes = new Map<string, string>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragmentTypes.set(definition.name.value, definition.typeCondition.name.value);
    }
  }

  const typeInfo = new TypeInfo(schema);
  // A fragment on another type than the one it sits in needs the subgraph to know how the two relate
  // (that Document implements Node there, that Folder belongs to the SearchResult union there).
  const spreadInto = (condition: string | undefined): void => {
    const parent = typeInfo.getParentType();
    if (!condition || !parent || parent.name === condition) return;
    const conditionType = schema.getType(condition);
    if (isAbstractType(parent) && conditionType && !isAbstractType(conditionType)) {
      narrow(ownership.memberships.get(`${parent.name}>${condition}`));
    } else if (!isAbstractType(parent) && conditionType && isAbstractType(conditionType)) {
      narrow(ownership.memberships.get(`${condition}>${parent.name}`));
    } else {
      impossible = true;
    }
  };
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      VariableDefinition() {
        const named = getNamedType(typeInfo.getInputType());
        // Built-in scalars live in every subgraph; anything else must be known to the chosen one.
        if (named && ownership.typeOwners.has(named.name)) narrow(ownership.typeOwners.get(named.name));
        return impossible ? BREAK : undefined;
      },
      InlineFragment(node) {
        const condition = node.typeCondition?.name.value;
        if (condition) narrow(ownership.typeOwners.get(condition));
        spreadInto(condition);
        return impossible ? BREAK : undefined;
      },
      FragmentSpread(node) {
        spreadInto(fragmentTypes.get(node.name.value));
        return impossible ? BREAK : undefined;
      },
      FragmentDefinition(node) {
        narrow(ownership.typeOwners.get(node.typeCondition.name.value));
        return impossible ? BREAK : undefined;
      },
      Field(node) {
        const fieldName = node.name.value;
        if (fieldName === '__typename') return undefined;
        if (fieldName.startsWith('__')) {
          // Introspection is answered by the gateway's own schema.
          impossible = true;
          return BREAK;
        }
        const parent = typeInfo.getParentType();
        if (!parent) {
          impossible = true;
          return BREAK;
        }
        narrow(ownership.fieldOwners.get(`${parent.name}.${fieldName}`));
        if (!impossible && isAbstractType(parent)) {
          // Each implementation the chosen subgraph may return must resolve the field there too.
          for (const possible of schema.getPossibleTypes(parent)) {
            const owners = ownership.typeOwners.get(possible.name);
            const key = `${possible.name}.${fieldName}`;
            if (!candidates || !owners || !ownership.fieldOwners.has(key)) continue;
            const fieldOwners = ownership.fieldOwners.get(key);
            for (const name of candidates) {
              if (owners.has(name) && !fieldOwners?.has(name)) candidates.delete(name);
            }
          }
          if (candidates?.size === 0) impossible = true;
        }
        return impossible ? BREAK : undefined;
      },
    }),
  );

  if (impossible || !candidates) return [];
  return [...candidates].sort();
}
