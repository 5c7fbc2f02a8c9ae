import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/**
 * What the log never shows, as a second net behind the calls themselves, which write only ids,
 * counts and error codes: credentials, and a person's contact details, messages and links.
 */
const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.params',
  'req.query',
  'req.body',
  'password',
  '*.password',
  'token',
  '*.token',
  'manageToken',
  '*.manageToken',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'mail',
  '*.mail',
  'enquiry',
  '*.enquiry',
  'booking',
  '*.booking',
];

/** Fields of an error that name what went wrong without quoting any data. */
const errorFactFields = [
  'code',
  'errno',
  'syscall',
  'responseCode',
  'command',
  'constraint',
  'table',
  'routine',
];

/**
 * An error as the log keeps it: its class, codes and where it was thrown, never its message. The
 * message of a database error may quote the row or the statement's values, and a mail server's
 * the recipient; a system error's (a full disk, a refused connection) is kept, it names a file or
 * an address of the installation's own.
 */
export function errorFacts(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const fields = error as Record<string, unknown>;
  // pino-http hands its serialisers the standard serialiser's plain copy, which names the class.
  const type =
    !(error instanceof Error) && typeof fields.type === 'string' ? fields.type : error.constructor?.name;
  const facts: Record<string, unknown> = { type: type ?? 'Object' };
  for (const field of errorFactFields) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') facts[field] = value;
  }
  if (typeof fields.syscall === 'string' && typeof fields.message === 'string')
    facts.message = fields.message;
  if (typeof fields.stack === 'string') {
    facts.stack = fields.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  }
  if (fields.cause !== undefined && depth < 3) facts.cause = errorFacts(fields.cause, depth + 1);
  return facts;
}

/**
 * JSON logs on stdout (or `destination`, which tests read). Cookies, credentials and personal
 * data are never written; client addresses are not logged.
 *
 * Stdout is written without waiting: the lines logged while a write is under way go out together
 * in the next (one request's line each, thousands a second under load, would otherwise cost a
 * system call each, and stop the server whenever the reader of a pipe falls behind). Nothing is
 * held back when the server is quiet, and what is left is written out as the process exits.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
      serializers: { err: errorFacts },
    },
    destination,
  );
}
