/**
 * Errors that mean the database could not be reached (rather than refused a statement): the
 * connection was refused, reset, timed out or closed by the server, or no pooled connection came
 * in time. The site degrades on these (answers from memory, or a 503) instead of failing.
 */

/** The network's errors, as Node reports them. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The server going away: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping). */
const shutdownStates = new Set(['57P01', '57P02', '57P03']);

/** node-postgres's own errors for a lost connection or a pool that gave no connection in time. */
const lostConnection = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/** An error of our own for a check that gave up waiting. */
export class DatabaseUnreachableError extends Error {
  constructor(message = 'The database did not answer in time') {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Whether `error` (or what it wraps: the ORM's cause, an AggregateError's errors) is a lost or refused connection. */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (error instanceof DatabaseUnreachableError) return true;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || shutdownStates.has(code)) return true;
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (lostConnection.some((pattern) => pattern.test(error.message))) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))
  )
    return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}

/** `promise`, or a DatabaseUnreachableError after `ms` (the promise is left to settle on its own). */
export function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnreachableError()), ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
