import type { Request, RequestHandler, Response } from 'express';
import { sendPreparedJson, type PreparedJson } from './prepared-json.ts';
import { nextNonce } from './security.ts';

/**
 * A public read customers ask for many times over (a tyre size's page, the booking page's free
 * windows), answered ahead of the application's middleware (request log, security headers,
 * compression, routers) from an answer written out once: the same answer, headers and log line as
 * through them, for about half the processor time (docs/decisions/020). `answer` fails (an error
 * thrown or a rejected promise) for a request it does not answer, one with a mistake in it or
 * asked while the database fails: that request goes the usual way, which says what is wrong.
 */
export type KeptRead = {
  /** The path it answers, without the query. */
  path: string;
  answer(req: Request): Promise<PreparedJson>;
};

/** What every API response has, given to the kept reads by the application. */
export type KeptReadResponse = {
  /** Sets the security headers every response has, with its nonce. */
  setSecurityHeaders(res: Response, nonce: string): void;
  /** Starts the log line of the request that arrived at `started` (written once it is answered). */
  log(req: Request, res: Response, started: number): void;
  isShuttingDown(): boolean;
};

/** GET and HEAD of the `reads`' paths, answered before any other middleware. */
export function keptReads(reads: readonly KeptRead[], response: KeptReadResponse): RequestHandler {
  const byPath = new Map(reads.map((read) => [read.path, read]));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const queryAt = req.url.indexOf('?');
    const read = byPath.get(queryAt === -1 ? req.url : req.url.slice(0, queryAt));
    if (!read) {
      next();
      return;
    }
    const started = Date.now();
    let answer: Promise<PreparedJson>;
    try {
      answer = read.answer(req);
    } catch {
      next();
      return;
    }
    answer.then(
      (prepared) => {
        response.log(req, res, started);
        if (response.isShuttingDown()) res.setHeader('Connection', 'close');
        response.setSecurityHeaders(res, nextNonce());
        res.setHeader('Cache-Control', 'no-store');
        sendPreparedJson(req, res, prepared);
      },
      () => next(),
    );
  };
}
