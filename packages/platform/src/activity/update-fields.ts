/** Update operators whose keys are field paths (`$rename`'s values are paths too). */
const pathOperators = new Set(['$set', '$unset', '$inc', '$mul', '$min', '$max', '$currentDate', '$push', '$pull', '$pullAll', '$addToSet', '$pop', '$bit', '$rename', '$setOnInsert']);

/** `address.city` → `address`, `tags.$` → `tags`. */
function topField(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/**
 * The top-level fields an update can change, so reading these alone before it is enough to see what it changed;
 * null when it may change any field (a replacement, an aggregation pipeline, an operator this does not know).
 * A key without `$` is a field, as mongoose wraps such an update in `$set`.
 */
export function fieldsTouchedBy(update: unknown): Set<string> | null {
  if (update === null || typeof update !== 'object' || Array.isArray(update)) return null;
  const fields = new Set<string>();
  for (const [key, value] of Object.entries(update)) {
    if (!key.startsWith('$')) {
      fields.add(topField(key));
      continue;
    }
    if (!pathOperators.has(key) || value === null || typeof value !== 'object') return null;
    for (const [path, operand] of Object.entries(value)) {
      fields.add(topField(path));
      if (key === '$rename' && typeof operand === 'string') fields.add(topField(operand));
    }
  }
  return fields;
}

/** A projection reading these fields and `_id` (only `_id` for none: an empty projection would read everything). */
export function projectionOf(fields: ReadonlySet<string>): Record<string, 1> {
  return fields.size === 0 ? { _id: 1 } : Object.fromEntries([...fields].map((field) => [field, 1]));
}
