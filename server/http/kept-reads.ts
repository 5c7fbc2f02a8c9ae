import type { Express, Request, Response } from 'express';
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

type ExpressHandle = (req: Request, res: Response, callback?: (error?: unknown) => void) => void;

/**
 * Makes `app` answer GET and HEAD of the `reads`' paths ahead of its router, and so of every
 * middleware: with the request and response Express gives its handlers, but without going
 * through the router, whose dispatch cost about a fifth of a kept search's processor time
 * (`npm run bench tyres`: 295 -> 222-261 µs a request, docs/decisions/020). Every other request, and
 * one a kept read does not answer, goes to the app as it would have.
 */
export function answerKeptReadsFirst(app: Express, reads: readonly KeptRead[], response: KeptReadResponse) {
  const byPath = new Map(reads.map((read) => [read.path, read]));
  // Express calls `handle` for each request (the app is `(req, res, next) => app.handle(...)`,
  // left out of its published types): the kept reads are given the request first, set up as
  // Express sets it up for the router.
  const dispatching = app as Express & { handle: ExpressHandle };
  const handle = dispatching.handle.bind(app);
  dispatching.handle = (req, res, callback) => {
    const read = readOf(byPath, req);
    if (!read) return handle(req, res, callback);
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals ??= Object.create(null);
    serveKeptRead(read, response, req, res, () => handle(req, res, callback));
  };
}

/** The kept read a request asks for: GET or HEAD of its path; undefined for any other. */
function readOf(byPath: ReadonlyMap<string, KeptRead>, req: Request): KeptRead | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const queryAt = req.url.indexOf('?');
  return byPath.get(queryAt === -1 ? req.url : req.url.slice(0, queryAt));
}

/** Answers `read`, or leaves the request to `next` when the read fails for it. */
function serveKeptRead(
  read: KeptRead,
  response: KeptReadResponse,
  req: Request,
  res: Response,
  next: () => void,
) {
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
}
