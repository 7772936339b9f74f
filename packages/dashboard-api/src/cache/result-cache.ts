/**
 * Answers kept for a short time, shared by every user: the permission is checked before the cache is read, and
 * an answer depends only on the query. Least recently used answers leave first.
 */
export function createResultCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  return {
    /** The cached answer of `key`, or `compute()`'s (concurrent callers of one key share one computation). */
    async get(key: string, compute: () => Promise<T>): Promise<{ value: T; cached: boolean }> {
      if (ttlMs <= 0) return { value: await compute(), cached: false };
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return { value: await hit.value, cached: true };
      }
      const value = compute();
      entries.set(key, { value, at: Date.now() });
      value.catch(() => entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return { value: await value, cached: false };
    },
  };
}
