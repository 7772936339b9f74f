/**
 * Every value a dotted path reaches in a document, descending into arrays the way MongoDB does
 * (`a.b` over `a: [{b: 1}, {b: 2}]` reaches 1 and 2; a numeric segment also indexes the array).
 * Returns an empty list when the path reaches nothing.
 */
export function pathValues(doc: unknown, path: string | undefined): unknown[] {
  // mingo's updater tests a value itself (no path) with query operators, e.g. for `$pull` on a missing field.
  if (path === undefined || path === '') return [doc];
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    out.push(value);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) {
      const index = Number(part);
      if (index < value.length) collect(value[index], parts, i + 1, out);
    }
    for (const element of value) {
      if (element !== null && typeof element === 'object' && !Array.isArray(element)) collect(element, parts, i, out);
    }
    return;
  }
  if (!isPlainObject(value)) return;
  if (!Object.prototype.hasOwnProperty.call(value, part)) return;
  collect((value as Record<string, unknown>)[part], parts, i + 1, out);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The leaf values of a path with arrays at the leaf flattened: what an index stores for a document. */
export function indexableValues(doc: unknown, path: string): unknown[] {
  const reached = pathValues(doc, path);
  if (reached.length === 0) return [undefined];
  const out: unknown[] = [];
  for (const value of reached) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else out.push(...value);
    } else {
      out.push(value);
    }
  }
  return out;
}

/** Whether a path meets an array anywhere along it in this document (the index becomes multikey). */
export function crossesArray(doc: unknown, path: string): boolean {
  let level: unknown[] = [doc];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const value of level) {
      if (Array.isArray(value)) return true;
      if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, part)) next.push(value[part]);
    }
    level = next;
  }
  return level.some(Array.isArray);
}
