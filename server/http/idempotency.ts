import crypto from 'node:crypto';

/**
 * Idempotency keys: the phone sends each action with a key of its own, and sends it again when it
 * never heard the answer. A key is stored with a hash of the request it came with, so that the
 * same request again gets the first answer, and another request under the same key (a slip, or
 * two actions given one key) is refused rather than answered as if it had been recorded.
 */

/** JSON with every object's keys in order: the same request, however its fields were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The SHA-256 (hex) of a request as validated (trimmed texts, defaults filled in), in canonical JSON. */
export const requestHash = (request: unknown): string =>
  crypto.createHash('sha256').update(canonicalJson(request)).digest('hex');

/**
 * Whether a request is the one first stored under its key. Rows stored before hashes were kept
 * have none, and are taken as the same request, as they were answered then.
 */
export const sameRequest = (stored: string | null, hash: string) => stored === null || stored === hash;

/** The 409's message when a key comes back with another request. */
export const idempotencyConflictMessage = (key: string) =>
  `The idempotency key ${key} was already used for a different request: send this one with a new key.`;
