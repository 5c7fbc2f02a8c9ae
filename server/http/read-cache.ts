/**
 * Results of reads kept for a few seconds, by key. Concurrent reads of one key share a single
 * query in flight, so fifty dashboards asking at once cost one query, not fifty; a failed read
 * is not kept. `clear()` drops everything (when the data behind it changes).
 */
export function createReadCache<Value>({ ttlMs }: { ttlMs: number }) {
  const entries = new Map<string, { value: Promise<Value>; expiresAt: number }>();
  return {
    get(key: string, load: () => Promise<Value>): Promise<Value> {
      const now = performance.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      const value = load();
      entries.set(key, { value, expiresAt: now + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
