import { isPlainObject } from './path-values.js';

/**
 * The field order of an inclusion `$project`'s output, as mongod gives it (ProjectionNode: first the
 * included fields and sub-projections in the input document's order, then the computed fields, and the
 * sub-projections the input lacks, in the projection's order). mingo sorts the projected paths by name,
 * so `{$project: {z: '$n', w: '$a'}}` came out as `{w, z}`.
 */
type SpecNode = { kind: 'included' | 'computed' } | { kind: 'child'; children: SpecTree };
type SpecTree = Map<string, SpecNode>;

/** The projection as a tree: dotted keys split, a nested object without an operator a child. */
export function projectionTree(spec: Record<string, unknown>): SpecTree {
  const tree: SpecTree = new Map();
  for (const [key, value] of Object.entries(spec)) addPath(tree, key.split('.'), value);
  return tree;
}

function addPath(tree: SpecTree, parts: string[], value: unknown): void {
  const [head, ...rest] = parts as [string, ...string[]];
  if (rest.length > 0) {
    addPath(childOf(tree, head), rest, value);
    return;
  }
  if (isPlainObject(value) && !Object.keys(value).some((key) => key.startsWith('$'))) {
    for (const [key, inner] of Object.entries(value)) addPath(childOf(tree, head), key.split('.'), inner);
  } else {
    tree.set(head, { kind: typeof value === 'number' || typeof value === 'boolean' ? 'included' : 'computed' });
  }
}

function childOf(tree: SpecTree, name: string): SpecTree {
  const node = tree.get(name);
  if (node?.kind === 'child') return node.children;
  const children: SpecTree = new Map();
  tree.set(name, { kind: 'child', children });
  return children;
}

/** The projected document `out` with its fields in mongod's order, given the input document and the projection. */
export function orderProjected(out: Record<string, unknown>, input: unknown, tree: SpecTree): Record<string, unknown> {
  const fromInput = isPlainObject(input) ? Object.keys(input).filter((key) => key in out && tree.get(key)?.kind !== 'computed') : [];
  const keys = new Set([...fromInput, ...[...tree.keys()].filter((key) => key in out), ...Object.keys(out)]);
  const ordered: Record<string, unknown> = {};
  for (const key of keys) {
    const node = tree.get(key);
    const inner = isPlainObject(input) ? input[key] : undefined;
    ordered[key] = node?.kind === 'child' ? orderValue(out[key], inner, node.children) : out[key];
  }
  return ordered;
}

function orderValue(value: unknown, input: unknown, tree: SpecTree): unknown {
  if (isPlainObject(value)) return orderProjected(value, input, tree);
  if (!Array.isArray(value)) return value;
  // Elements are matched to the input's only when none was dropped on the way.
  const inputs = Array.isArray(input) && input.length === value.length ? input : [];
  return value.map((element, i) => orderValue(element, inputs[i], tree));
}
