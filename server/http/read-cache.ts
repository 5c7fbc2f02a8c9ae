/**
 * Results of reads kept for a few seconds, by key. Concurrent reads of one key share a single
 * query in flight, so fifty dashboards asking at once cost one query, not fifty; a failed read
 * is not kept. Expired results are dropped as new ones are kept, so keys that carry the time
 * (a day, a minute) do not pile up, and past `maxEntries` the oldest goes. `clear()` drops
 * everything (when the data behind it changes); a read under way then is not kept.
 */
export function createReadCache<Value>({
  ttlMs,
  maxEntries = Infinity,
}: {
  ttlMs: number;
  maxEntries?: number;
}) {
  type Entry = { value: Promise<Value>; expiresAt: number };
  const entries = new Map<string, Entry>();
  let nextSweep = 0;

  /** Keeps the entry's value unless it fails. */
  const watch = (key: string, entry: Entry) =>
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });

  return {
    get(key: string, load: () => Promise<Value>): Promise<Value> {
      const now = performance.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      if (now >= nextSweep) {
        for (const [kept, entry] of entries) if (entry.expiresAt <= now) entries.delete(kept);
        nextSweep = now + ttlMs;
      }
      const entry = { value: load(), expiresAt: now + ttlMs };
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      void watch(key, entry);
      return entry.value;
    },
    /**
     * Changes the value kept for `key`, if there is one, for the rest of its time: applied to
     * what its read answers, even a read still under way.
     */
    update(key: string, change: (value: Value) => Value) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.value = entry.value.then(change);
      void watch(key, entry);
    },
    clear() {
      entries.clear();
    },
    /** How many results are kept (expired ones included until the next sweep). */
    get size() {
      return entries.size;
    },
  };
}
