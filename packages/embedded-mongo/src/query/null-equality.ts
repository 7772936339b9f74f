import { isPlainObject } from './path-values.js';

/**
 * Whether `{path: null}` matches a document, as MongoDB (FCV 9.0 semantics, jstests null_query_semantics.js)
 * decides it: the path is missing or null somewhere it leads. Where it crosses an array, each element
 * that is a document is followed, and an element that is not a document (or an empty array) counts as
 * missing; a scalar in the middle of the path is missing too. At the end an array matches when it holds null.
 * mingo only looks at the values the path reaches, so it missed `{'items.price': null}` over
 * `items: [{price: 1}, {}]`, and `$ne: null` then matched that document.
 */
export function matchesNullAt(node: unknown, parts: readonly string[], i = 0): boolean {
  if (i === parts.length) return node === null || node === undefined || (Array.isArray(node) && node.some((e) => e === null));
  const part = parts[i] as string;
  if (Array.isArray(node)) {
    if (node.length === 0) return true;
    if (/^\d+$/.test(part) && Number(part) < node.length && matchesNullAt(node[Number(part)], parts, i + 1)) return true;
    return node.some((element) => (isPlainObject(element) ? matchesNullAt(element[part], parts, i + 1) : !/^\d+$/.test(part)));
  }
  if (isPlainObject(node)) return matchesNullAt(Object.prototype.hasOwnProperty.call(node, part) ? node[part] : undefined, parts, i + 1);
  return true;
}
