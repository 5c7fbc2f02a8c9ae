import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
import type { Logger } from 'pino';
import { errorAnswer, type JsonAnswer, type ParserError } from './errors.ts';
import { prepareJson, preparedBytesFor, sendPreparedJson, type PreparedJson } from './prepared-json.ts';
import { nextNonce, setHeaderList } from './security.ts';

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
  /** Whether it answers the paths one segment below `path` instead (`/api/vehicles/AB12CDE`). */
  below?: boolean;
  answer(req: Request): Promise<PreparedJson>;
  /**
   * The answer when it is at hand at once, made and known to stand (most requests for a kept
   * read); else undefined, and `answer` is asked. Sent with the same headers and log line without
   * Express's request and response set up, at about half the processor time again.
   */
  ready?(req: IncomingMessage): PreparedJson | undefined;
};

/**
 * A public write that many customers may send at once (a booking), answered ahead of the
 * middleware like the kept reads, its JSON body read here. Only a request whose body the route's
 * own parser would take as it is comes this way: `Content-Type: application/json` (UTF-8), not
 * compressed, and a Content-Length within `limit`; any other goes the usual way, which answers
 * what is wrong with it. An answer that fails is answered as the API answers errors.
 */
export type FirstWrite = {
  /** The path it answers (POST), without the query. */
  path: string;
  /** The largest body it reads, in bytes (the route's own cap). */
  limit: number;
  answer(req: Request, body: unknown): Promise<JsonAnswer>;
  /** What to answer for an error `answer` failed with, if not the error itself. */
  errorOf?(error: unknown, log: Logger): Promise<unknown>;
};

/** What every API response has, given to the kept reads by the application. */
export type KeptReadResponse = {
  /** The logger of the errors a first write's answer fails with. */
  logger: Logger;
  /** The security headers every response has, with its nonce: names and values one after the other. */
  securityHeaders(nonce: string): string[];
  /**
   * Starts the log line of the request that arrived at `started` (written once it is answered);
   * answers the request's id.
   */
  log(req: IncomingMessage, res: ServerResponse, started: number): string;
  isShuttingDown(): boolean;
};

type ExpressHandle = (req: Request, res: Response, callback?: (error?: unknown) => void) => void;

/**
 * Makes `app` answer GET and HEAD of the `reads`' paths, and POST of the `writes`', ahead of its
 * router, and so of every middleware: with the request and response Express gives its handlers,
 * but without going through the router, whose dispatch cost about a fifth of a kept search's
 * processor time (`npm run bench tyres`: 295 -> 222-261 µs a request, docs/decisions/020). Every
 * other request, and one a kept read does not answer, goes to the app as it would have.
 */
export function answerKeptReadsFirst(
  app: Express,
  reads: readonly KeptRead[],
  response: KeptReadResponse,
  writes: readonly FirstWrite[] = [],
) {
  const byPath = new Map(reads.filter((read) => !read.below).map((read) => [read.path, read]));
  const byParent = new Map(reads.filter((read) => read.below).map((read) => [read.path, read]));
  const writesByPath = new Map(writes.map((write) => [write.path, write]));
  // Express calls `handle` for each request (the app is `(req, res, next) => app.handle(...)`,
  // left out of its published types): the kept reads are given the request first, set up as
  // Express sets it up for the router.
  const dispatching = app as Express & { handle: ExpressHandle };
  const handle = dispatching.handle.bind(app);
  const setUp = (req: Request, res: Response) => {
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals ??= Object.create(null);
  };
  dispatching.handle = (req, res, callback) => {
    const read = readOf(byPath, byParent, req);
    if (read) {
      if (read.ready && sendReady(read.ready, response, req, res)) return;
      setUp(req, res);
      serveKeptRead(read, response, req, res, () => handle(req, res, callback));
      return;
    }
    const write = writeOf(writesByPath, req);
    if (write) {
      setUp(req, res);
      serveFirstWrite(write, response, req, res);
      return;
    }
    handle(req, res, callback);
  };
}

/**
 * The kept read a request asks for: GET or HEAD of its path, or of a path one segment below a
 * read's that answers those; undefined for any other.
 */
function readOf(
  byPath: ReadonlyMap<string, KeptRead>,
  byParent: ReadonlyMap<string, KeptRead>,
  req: Request,
): KeptRead | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const read = byPath.get(path);
  if (read || byParent.size === 0) return read;
  const parentEnd = path.lastIndexOf('/');
  return parentEnd > 0 && parentEnd < path.length - 1 ? byParent.get(path.slice(0, parentEnd)) : undefined;
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
      startAnswer(response, req, res, started);
      sendPreparedJson(req, res, prepared);
    },
    () => next(),
  );
}

/** The log line and the headers every API answer has, for a request that arrived at `started`. */
function startAnswer(response: KeptReadResponse, req: Request, res: Response, started: number) {
  res.setHeader('X-Request-Id', response.log(req, res, started));
  if (response.isShuttingDown()) res.setHeader('Connection', 'close');
  setHeaderList(res, response.securityHeaders(nextNonce()));
  res.setHeader('Cache-Control', 'no-store');
}

/**
 * Sends the answer `ready` has at hand for a request, with the same headers and log line as
 * `serveKeptRead` and `sendPreparedJson`, all written at once; answers whether it did. It does not
 * for a conditional request (Express works out whether it is fresh), while the server shuts down,
 * or when the answer or its encoding is not at hand.
 */
function sendReady(
  ready: NonNullable<KeptRead['ready']>,
  response: KeptReadResponse,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const { 'if-none-match': tag, 'if-modified-since': since } = req.headers;
  if (tag !== undefined || since !== undefined || response.isShuttingDown()) return false;
  const prepared = ready(req);
  const sent = prepared && preparedBytesFor(req, prepared);
  if (!sent) return false;
  const headers = response.securityHeaders(nextNonce());
  headers.push(
    'X-Request-Id',
    response.log(req, res, Date.now()),
    'Cache-Control',
    'no-store',
    'Content-Type',
    'application/json; charset=utf-8',
    'ETag',
    prepared.etag,
    'Vary',
    'Accept-Encoding',
  );
  if (sent.encoding) headers.push('Content-Encoding', sent.encoding);
  headers.push('Content-Length', String(sent.bytes.length));
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : sent.bytes);
  return true;
}

/** Media types the route's JSON parser reads as they are: JSON, in UTF-8 if a charset is named. */
const plainJson = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

/** The first write a request asks for: POST of its path with a body read as it is; else undefined. */
function writeOf(byPath: ReadonlyMap<string, FirstWrite>, req: Request): FirstWrite | undefined {
  if (req.method !== 'POST' || byPath.size === 0) return undefined;
  const queryAt = req.url.indexOf('?');
  const write = byPath.get(queryAt === -1 ? req.url : req.url.slice(0, queryAt));
  if (!write) return undefined;
  const { 'content-type': type, 'content-length': length, 'content-encoding': encoding } = req.headers;
  const bodyIsPlain =
    plainJson.test(type ?? '') &&
    (encoding === undefined || encoding === 'identity') &&
    length !== undefined &&
    /^[0-9]{1,9}$/.test(length) &&
    req.headers['transfer-encoding'] === undefined;
  return bodyIsPlain && Number(length) <= write.limit ? write : undefined;
}

/** The body as the route's JSON parser reads it (strict: an object or an array; empty is {}). */
function parseJsonBody(text: string): unknown {
  const start = text.trimStart();
  if (start === '') return {};
  if (start[0] !== '{' && start[0] !== '[')
    throw Object.assign(new SyntaxError('not an object or an array'), { type: 'entity.parse.failed' });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw Object.assign(error as Error, { type: 'entity.parse.failed' });
  }
}

/** Reads the body of a first write (its length known and within the cap) and answers it. */
function serveFirstWrite(write: FirstWrite, response: KeptReadResponse, req: Request, res: Response) {
  const started = Date.now();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A client that goes away before its body is sent is not answered.
  req.once('end', () => {
    // The request's id, log line and headers first: an error's log line names the request.
    startAnswer(response, req, res, started);
    let answer: Promise<JsonAnswer>;
    try {
      answer = write.answer(req, parseJsonBody(Buffer.concat(chunks).toString('utf8')));
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer
      .catch(async (error: unknown) => {
        // The request's own logger, as the middleware gives it to the routes.
        const log = response.logger.child({
          req: { id: res.getHeader('X-Request-Id'), method: req.method, path: write.path },
        });
        const answered = write.errorOf
          ? await write.errorOf(error, log).catch((failed: unknown) => failed)
          : error;
        return errorAnswer(answered as ParserError, log);
      })
      .then(({ status, body, headers }) => {
        res.set(headers ?? {});
        res.status(status);
        sendPreparedJson(req, res, prepareJson(body));
      })
      .catch(() => res.destroy());
  });
}
