import { BSON, type Document } from 'bson';

/**
 * How documents live inside the server: int64 stays a bigint (so Long round-trips exactly),
 * binary stays a Binary, regular expressions become RegExp (what mingo understands).
 */
const DESERIALIZE_OPTIONS = { useBigInt64: true, promoteBuffers: false, bsonRegExp: false } as const;

export function decodeDocument(buf: Uint8Array): Document {
  return BSON.deserialize(buf, DESERIALIZE_OPTIONS);
}

export function encodeDocument(doc: Document): Uint8Array {
  return BSON.serialize(doc, { checkKeys: false, ignoreUndefined: false });
}

export function bsonSize(doc: Document): number {
  return BSON.calculateObjectSize(doc);
}
