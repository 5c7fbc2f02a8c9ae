/**
 * The value kept in `kept` for `key`, made by `make` the first time it is asked for. A value
 * lives as long as its key (a database connection, a published document), and no longer.
 */
export function keptFor<Key extends object, Value>(
  kept: WeakMap<Key, Value>,
  key: Key,
  make: (key: Key) => Value,
): Value {
  if (kept.has(key)) return kept.get(key)!;
  const value = make(key);
  kept.set(key, value);
  return value;
}
