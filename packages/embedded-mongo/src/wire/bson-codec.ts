import { BSON, BSONSymbol, DBRef, Double, type Document, Int32, Long } from 'bson';

/**
 * How documents live inside the server: int64 is a bigint (so Long round-trips exactly), int32 and
 * non-integral doubles are numbers, binary stays a Binary, regular expressions become RegExp (what
 * mingo understands). A double a JavaScript number cannot tell from an int32 (an integral value in
 * int32 range, or -0) stays a bson Double, so it is stored, answered and written to disk as a
 * double; the query layer reads it as a number (see numeric-view.ts).
 */
const DESERIALIZE_OPTIONS = { promoteValues: false, promoteBuffers: false, bsonRegExp: false } as const;

/** Whether a double must stay wrapped: serialized as a plain number it would become an int32. */
export function looksLikeInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
}

function promote(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Int32) return value.value;
  if (value instanceof Double) return looksLikeInt32(value.value) ? value : value.value;
  if (value instanceof Long) return value.toBigInt();
  if (value instanceof BSONSymbol) return value.valueOf();
  if (value instanceof DBRef) {
    value.oid = promote(value.oid) as DBRef['oid'];
    promote(value.fields);
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = promote(value[i]);
    return value;
  }
  if (Object.getPrototypeOf(value) === Object.prototype) {
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) fields[key] = promote(fields[key]);
  }
  return value;
}

export function decodeDocument(buf: Uint8Array): Document {
  return promote(BSON.deserialize(buf, DESERIALIZE_OPTIONS)) as Document;
}

/** A field whose value is undefined is a missing one (an aggregation's `$project` of a missing path): left out, never null. */
export function encodeDocument(doc: Document): Uint8Array {
  return BSON.serialize(doc, { checkKeys: false, ignoreUndefined: true });
}

export function bsonSize(doc: Document): number {
  return BSON.calculateObjectSize(doc);
}
