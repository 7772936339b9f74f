import { DBRef, Double } from 'bson';
import { isPlainObject } from './path-values.js';

/**
 * Stored documents keep an integral double as a bson Double (see wire/bson-codec.ts); mingo
 * computes with JavaScript numbers only. The numeric view of a value is the same value with every
 * Double read as its number: containers holding none are returned as they are (no copy), and a
 * copied container remembers its original, so `$type` can still tell a double from an int.
 */
const originals = new WeakMap<object, object>();
const rootViews = new WeakMap<object, object>();

export function numericView<T>(value: T): T {
  if (value instanceof Double) return value.value as T;
  // A DBRef is a document with `$ref`/`$id`/`$db` fields to queries (`{'ref.$id': 5}`); bson hands it over as a class.
  if (value instanceof DBRef) return numericView({ $ref: value.collection, $id: value.oid, ...(value.db ? { $db: value.db } : {}), ...value.fields }) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const element: unknown = value[i];
      const viewed = numericView(element);
      if (viewed !== element && !copy) copy = value.slice(0, i);
      copy?.push(viewed);
    }
    if (!copy) return value;
    originals.set(copy, value);
    return copy as T;
  }
  if (isPlainObject(value)) {
    let copy: Record<string, unknown> | undefined;
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const field = value[key];
      const viewed = numericView(field);
      if (viewed !== field && !copy) {
        copy = {};
        for (let j = 0; j < i; j++) copy[keys[j] as string] = value[keys[j] as string];
      }
      if (copy) copy[key] = viewed;
    }
    if (!copy) return value;
    originals.set(copy, value);
    return copy as T;
  }
  return value;
}

/**
 * The numeric view of a stored document, remembered: stored documents are never changed in place
 * (an update stores a new object), so a scan computes each view once.
 */
export function storedNumericView<T extends object>(doc: T): T {
  let view = rootViews.get(doc);
  if (!view) {
    view = numericView(doc);
    rootViews.set(doc, view);
  }
  return view as T;
}

/** The container a numeric view was made from (itself when it held no Double). */
export function originalOf<T>(value: T): T {
  return (value !== null && typeof value === 'object' ? (originals.get(value) ?? value) : value) as T;
}
