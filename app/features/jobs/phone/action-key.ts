/**
 * A new idempotency key for an action: random, made on the phone when the action is taken, and
 * sent with every try. (crypto.randomUUID needs a secure page; getRandomValues works on any.)
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
