/** A browser's localStorage or sessionStorage, in memory, for tests of browser code. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** The browser's Cache Storage as far as signing out uses it: the caches it holds, by name. */
export function memoryCacheStorage(names: string[]) {
  const held = new Set(names);
  const storage = {
    held,
    keys: async () => [...held],
    delete: async (name: string) => held.delete(name),
  };
  return storage as typeof storage & CacheStorage;
}
