import { createStore, del, get, keys, set, update } from 'idb-keyval';

/**
 * What the fitter's phone keeps between visits, signal or not: the day's jobs as last loaded and
 * the actions waiting to be sent. IndexedDB in the browser (it holds photos as they are, and
 * survives the page being closed); a Map in tests.
 */
export type PhoneStore = {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Changes a value in one step: no other change to it can come between the read and the write. */
  update<T>(key: string, change: (value: T | undefined) => T): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
};

let browserStore: PhoneStore | undefined;

/** The phone's IndexedDB store, made on first use (never on the server). */
export function indexedDbStore(): PhoneStore {
  if (!browserStore) {
    const store = createStore('tyre-services-jobs', 'kept');
    browserStore = {
      get: (key) => get(key, store),
      set: (key, value) => set(key, value, store),
      update: (key, change) => update(key, change, store),
      delete: (key) => del(key, store),
      keys: async () => (await keys(store)).map(String),
    };
  }
  return browserStore;
}

/** A store in memory, for tests and for browsers without IndexedDB. */
export function memoryStore(): PhoneStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: async <T>(key: string) => values.get(key) as T | undefined,
    set: async (key, value) => {
      values.set(key, value);
    },
    update: async <T>(key: string, change: (value: T | undefined) => T) => {
      values.set(key, change(values.get(key) as T | undefined));
    },
    delete: async (key) => {
      values.delete(key);
    },
    keys: async () => [...values.keys()],
  };
}

/** Where a fitter's actions waiting to be sent are kept. */
export const actionsKey = (userId: number) => `actions:${userId}`;

/**
 * The days kept on the phone go (customers' names, numbers and addresses); the actions still
 * waiting are the fitter's to send or discard, never lost along with them.
 */
export async function forgetKeptDays(store: PhoneStore = indexedDbStore()): Promise<void> {
  for (const key of await store.keys()) if (key.startsWith('day:')) await store.delete(key);
}
