type Stored = Record<string, unknown>;

const plainObject = (value: unknown): value is Stored =>
  value !== null && typeof value === 'object' && (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * A copy of a value as the database would hand it back after storing it, or undefined when that is not certain
 * (a Buffer comes back as Binary, undefined as null, a mongoose subdocument as a plain object…).
 */
function storedCopy(value: unknown): { value: unknown } | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number') return { value };
  if (value instanceof Date) return { value: new Date(value.getTime()) };
  if (typeof value !== 'object') return undefined;
  const bsonType = (value as { _bsontype?: string })._bsontype;
  if (bsonType === 'ObjectId' || bsonType === 'Decimal128') return { value };
  if (Array.isArray(value)) {
    // A mongoose array is a proxy that says it is an array; only its items decide, copied into a plain one.
    const items: unknown[] = [];
    for (const item of value as unknown[]) {
      const copy = storedCopy(item);
      if (!copy) return undefined;
      items.push(copy.value);
    }
    return { value: items };
  }
  if (!plainObject(value)) return undefined;
  const copy: Stored = {};
  for (const [key, item] of Object.entries(value)) {
    const stored = storedCopy(item);
    if (!stored || key.startsWith('$') || key.includes('.')) return undefined;
    copy[key] = stored.value;
  }
  return { value: copy };
}

/** The path's parts, or undefined for one this does not follow (array positions, `$` operators). */
function partsOf(path: string): string[] | undefined {
  const parts = path.split('.');
  return parts.every((part) => part !== '' && !part.startsWith('$') && !/^\d+$/.test(part)) ? parts : undefined;
}

/**
 * The object holding the path's last part in `record`, each object on the way copied first (so the record it
 * was copied from keeps its values); undefined when something on the way is not a plain object.
 */
function parentOf(record: Stored, parts: string[], create: boolean): Stored | null | undefined {
  let parent = record;
  for (const part of parts.slice(0, -1)) {
    const next = parent[part];
    if (next === undefined) {
      if (!create) return null;
      parent[part] = {};
    } else if (plainObject(next)) {
      parent[part] = { ...next };
    } else {
      return undefined;
    }
    parent = parent[part] as Stored;
  }
  return parent;
}

/**
 * The record as a `$set`/`$unset` update leaves it, computed instead of read back; undefined for any other
 * update (the caller reads it then). `$setOnInsert` is left out: it never applies to a record that existed.
 * Fields are set in the order of their names, as MongoDB (5.0 on) applies them, so new ones come last in that
 * order. `before` is not changed.
 */
export function imageAfterUpdate(before: Stored, update: unknown): Stored | undefined {
  if (!plainObject(update)) return undefined;
  const after: Stored = { ...before };
  for (const [operator, operand] of Object.entries(update)) {
    if (operator === '$setOnInsert') continue;
    if ((operator !== '$set' && operator !== '$unset') || !plainObject(operand)) return undefined;
    for (const path of Object.keys(operand).sort()) {
      const parts = partsOf(path);
      if (!parts) return undefined;
      const parent = parentOf(after, parts, operator === '$set');
      if (parent === undefined) return undefined;
      const last = parts[parts.length - 1]!;
      if (operator === '$unset') {
        if (parent) delete parent[last];
        continue;
      }
      const stored = storedCopy(operand[path]);
      if (!stored || !parent) return undefined;
      parent[last] = stored.value;
    }
  }
  return after;
}
