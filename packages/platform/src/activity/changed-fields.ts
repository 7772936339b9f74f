/** Fields an entry never carries the value of, whatever the plugin says: passwords, their hashes, tokens, keys. */
const secretName = /password|secret|token|hash|salt|apikey|privatekey/i;
/** Bookkeeping, not a change anyone made. */
const ignoredFields = new Set(['_id', '__v', 'updatedAt']);
const secretValue = '[secret]';
const longestText = 1_000;

/** A stored value as JSON can carry it: ids as hex, dates as ISO text, binary left out, long text cut. */
export function plainValue(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > longestText ? `${value.slice(0, longestText)}…` : value;
  if (typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth > 5) return '[nested]';
  const bsonType = (value as { _bsontype?: string })._bsontype;
  if (bsonType === 'ObjectId' || bsonType === 'ObjectID' || bsonType === 'Decimal128') return String(value);
  if (bsonType === 'Binary' || Buffer.isBuffer(value)) return '[binary]';
  if (Array.isArray(value)) return value.map((item) => plainValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item, depth + 1)]));
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Each field that differs between two versions of a record (null: it did not exist), with its values before and
 * after; a secret field says only that it changed. `only`: the fields to compare (an update names them; the
 * versions may hold others, or not hold them, as read).
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secretFields: ReadonlySet<string>,
  only?: ReadonlySet<string>,
): FieldChanges {
  const changes: FieldChanges = {};
  const fields = only ?? new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (ignoredFields.has(field)) continue;
    const old = plainValue(before?.[field]);
    const now = plainValue(after?.[field]);
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    const secret = secretFields.has(field) || secretName.test(field);
    changes[field] = secret ? { before: old === null ? null : secretValue, after: now === null ? null : secretValue } : { before: old, after: now };
  }
  return changes;
}
