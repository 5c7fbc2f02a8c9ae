import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/** JSON logs on stdout. Cookies and credentials are never written; client addresses are not logged. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
      censor: '[redacted]',
    },
  });
}
