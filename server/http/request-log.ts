import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { errorFacts } from '../logger.ts';
import { withoutTokens } from '#common/http/token-routes.ts';
import { keptFor } from '#common/util/kept-for.ts';

const incomingIdPattern = /^[A-Za-z0-9._-]{8,64}$/;
const quietPaths = /^\/(healthz|readyz|assets\/|favicon)/;

/** The path as a router reads it (percent-encoding undone); the path itself when it is not valid encoding. */
export function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * API routes whose address names a person's data, logged by their pattern as token routes are: a
 * vehicle's registration (`/api/vehicles/AB12CDE` and what follows it) identifies its keeper.
 */
const personalRoutes = [{ pattern: '/api/vehicles/:registration', regex: /^\/api\/vehicles\/[^/?#]+/i }];

function withoutPersonalData(path: string): string {
  for (const route of personalRoutes) {
    const match = route.regex.exec(path);
    if (match) return `${route.pattern}${path.slice(match[0].length)}`;
  }
  return path;
}

/**
 * The path as logged: the pattern of a token route, or of a route that names a person's data,
 * however its address was spelt.
 */
function loggedPathOf(path: string): string {
  const decoded = decodedPath(path);
  const logged = withoutPersonalData(withoutTokens(decoded));
  return logged === decoded ? path : logged;
}

/**
 * The request's id (one from a trusted proxy is kept when it looks like one), also sent back as
 * X-Request-Id.
 */
function requestIdOf(req: IncomingMessage, res: ServerResponse): string {
  const id = requestId(req);
  // Build files are never logged, so an id would name nothing; it would only be more bytes
  // with each of a page's scripts and stylesheets.
  if (!req.url?.startsWith('/assets/')) res.setHeader('X-Request-Id', id);
  return id;
}

/** The id of a request: the trusted proxy's, else a new one. */
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && incomingIdPattern.test(incoming) ? incoming : crypto.randomUUID();
}

/** A request's path as logged: without its query, and a token or personal route's by its pattern. */
const loggedPath = (url: string) => loggedPathOf(url.split('?')[0]!);

const levelOf = (status: number, error?: unknown) =>
  error || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';

/**
 * The logger of request lines: `logger` without its redaction, which looks for personal data in
 * every line written, where these lines have none (an id, a method, a path without its token or
 * query, a status and a time): about 5 µs of the 10 a line costs.
 */
const requestLines = new WeakMap<Logger, Logger>();
const requestLinesOf = (logger: Logger) =>
  keptFor(requestLines, logger, () => logger.child({}, { redact: [] }));

/**
 * Logs a response sent without passing through `requestLog` (http/kept-reads.ts), whose request
 * arrived at `started` (ms), with the same line as `requestLog` writes once it has been sent; answers
 * the request's id, which the response sends as X-Request-Id.
 */
export function logSentResponse(logger: Logger, req: IncomingMessage, res: ServerResponse, started: number) {
  const id = requestId(req);
  res.once('finish', () => {
    requestLinesOf(logger)[levelOf(res.statusCode)](
      {
        req: { id, method: req.method, path: loggedPath(req.url!) },
        res: { status: res.statusCode },
        responseTime: Date.now() - started,
      },
      'request completed',
    );
  });
  return id;
}

/**
 * One JSON line per request, with a request id that is also sent back as X-Request-Id (an id
 * from a trusted proxy is kept when it looks like one). Query strings, client addresses and the
 * tokens of secret links and registrations in addresses are left out of the log.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestIdOf,
    autoLogging: { ignore: (req) => quietPaths.test(req.url ?? '') },
    customLogLevel: (_req, res, error) => levelOf(res.statusCode, error),
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // A manage or set-up link's token is a key, a registration names a person: only the
        // route's pattern is written.
        path: loggedPath(req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: errorFacts,
    },
  });
}
