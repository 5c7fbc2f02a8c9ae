/** A text as a change quotes it: empty said so, a long one cut short. */
const quote = (value: string) =>
  value === '' ? '(empty)' : value.length > 60 ? `“${value.slice(0, 57)}…”` : `“${value}”`;

/**
 * The fields of `labels` that differ between `before` and `after`, in words: a text or number
 * with its old and new value ("Booking: shortest notice (hours) “2” → “24”"), anything else as
 * changed.
 */
export function fieldChanges<Fields extends Record<string, unknown>>(
  prefix: string,
  before: Fields,
  after: Fields,
  labels: { [Key in keyof Fields]?: string },
): string[] {
  const changes: string[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof Fields, string][]) {
    const [was, is] = [before[field], after[field]];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes.push(
      typeof was === 'string' || typeof was === 'number'
        ? `${prefix}: ${label} ${quote(String(was))} → ${quote(String(is))}`
        : `${prefix}: ${label} changed`,
    );
  }
  return changes;
}
