import { Kind, type DirectiveNode, type DocumentNode, type FieldDefinitionNode } from 'graphql';

/**
 * Which subgraphs can resolve each type and field on their own, read from the supergraph's `@join__*`
 * directives. Only used to decide whether one subgraph can answer an operation whole, so it errs on the
 * side of "no": anything that needs an entity hop (`@requires`, `@external`, progressive override,
 * `@interfaceObject`) is owned by nobody.
 */
export interface FieldOwnership {
  /** Subgraph (plugin) names of every type that has `@join__type`. */
  readonly typeOwners: ReadonlyMap<string, ReadonlySet<string>>;
  /** `Type.field` → subgraph names that resolve it without help. */
  readonly fieldOwners: ReadonlyMap<string, ReadonlySet<string>>;
  /** `Abstract>Member` → subgraph names in which the object or interface implements / belongs to it. */
  readonly memberships: ReadonlyMap<string, ReadonlySet<string>>;
}

function argument(directive: DirectiveNode, name: string): string | boolean | undefined {
  const value = directive.arguments?.find((arg) => arg.name.value === name)?.value;
  if (!value) return undefined;
  if (value.kind === Kind.BOOLEAN) return value.value;
  if (value.kind === Kind.STRING || value.kind === Kind.ENUM) return value.value;
  return undefined;
}

function graphNamesByEnumValue(document: DocumentNode): Map<string, string> {
  const names = new Map<string, string>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.ENUM_TYPE_DEFINITION || definition.name.value !== 'join__Graph') continue;
    for (const value of definition.values ?? []) {
      const graph = value.directives?.find((d) => d.name.value === 'join__graph');
      const name = graph && argument(graph, 'name');
      names.set(value.name.value, typeof name === 'string' ? name : value.name.value);
    }
  }
  return names;
}

function fieldOwnersOf(
  field: FieldDefinitionNode,
  typeOwners: ReadonlySet<string>,
  graphName: (enumValue: string) => string,
): Set<string> {
  const joins = field.directives?.filter((d) => d.name.value === 'join__field') ?? [];
  if (joins.length === 0) return new Set(typeOwners);
  const owners = new Set<string>();
  for (const join of joins) {
    const graph = argument(join, 'graph');
    if (typeof graph !== 'string') return new Set(typeOwners);
    const needsHelp =
      argument(join, 'external') === true ||
      argument(join, 'usedOverridden') === true ||
      argument(join, 'requires') !== undefined ||
      argument(join, 'overrideLabel') !== undefined;
    if (!needsHelp) owners.add(graphName(graph));
  }
  return owners;
}

export function readFieldOwnership(supergraph: DocumentNode): FieldOwnership {
  const enumToName = graphNamesByEnumValue(supergraph);
  const graphName = (enumValue: string): string => enumToName.get(enumValue) ?? enumValue;
  const typeOwners = new Map<string, Set<string>>();
  const fieldOwners = new Map<string, Set<string>>();
  const memberships = new Map<string, Set<string>>();
  const addMembership = (abstract: string | boolean | undefined, member: string | boolean | undefined, graph: string | boolean | undefined): void => {
    if (typeof abstract !== 'string' || typeof member !== 'string' || typeof graph !== 'string') return;
    const key = `${abstract}>${member}`;
    const graphs = memberships.get(key) ?? new Set<string>();
    graphs.add(graphName(graph));
    memberships.set(key, graphs);
  };

  for (const definition of supergraph.definitions) {
    if (!('name' in definition) || !definition.name || !('directives' in definition)) continue;
    const typeName = definition.name.value;
    if (typeName.startsWith('join__') || typeName.startsWith('link__')) continue;
    const joins = definition.directives?.filter((d) => d.name.value === 'join__type') ?? [];
    if (joins.length === 0) continue;
    const owners = new Set<string>();
    let interfaceObject = false;
    for (const join of joins) {
      const graph = argument(join, 'graph');
      if (typeof graph === 'string') owners.add(graphName(graph));
      if (argument(join, 'isInterfaceObject') === true) interfaceObject = true;
    }
    typeOwners.set(typeName, interfaceObject ? new Set() : owners);
    for (const directive of definition.directives ?? []) {
      if (directive.name.value === 'join__implements') {
        addMembership(argument(directive, 'interface'), typeName, argument(directive, 'graph'));
      } else if (directive.name.value === 'join__unionMember') {
        addMembership(typeName, argument(directive, 'member'), argument(directive, 'graph'));
      }
    }

    if (
      definition.kind === Kind.OBJECT_TYPE_DEFINITION ||
      definition.kind === Kind.INTERFACE_TYPE_DEFINITION ||
      definition.kind === Kind.OBJECT_TYPE_EXTENSION ||
      definition.kind === Kind.INTERFACE_TYPE_EXTENSION
    ) {
      for (const field of definition.fields ?? []) {
        const key = `${typeName}.${field.name.value}`;
        fieldOwners.set(key, interfaceObject ? new Set() : fieldOwnersOf(field, owners, graphName));
      }
    }
  }
  return { typeOwners, fieldOwners, memberships };
}
