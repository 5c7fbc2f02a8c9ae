import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiErrorBody } from '#common/http/api.ts';
import { databaseUnreachableMessage, unavailableRetryAfterSeconds } from '#common/http/outage.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';

export type { ApiErrorBody };

/** An error a service or route throws on purpose, mapped to its status and message as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 503 with its Retry-After: the request may succeed later as it is. */
export class ServiceUnavailableError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds = unavailableRetryAfterSeconds,
  ) {
    super(503, message);
    this.name = 'ServiceUnavailableError';
  }
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' } satisfies ApiErrorBody);
};

/** Errors thrown by body parsers carry these fields (http-errors). */
type ParserError = Error & { status?: number; type?: string; expose?: boolean };

/**
 * Turns anything thrown under /api into JSON with the right status. Expected client errors keep
 * their message; a database that cannot be reached is a 503 saying so; anything else is logged
 * and answered with a 500 that reveals nothing.
 */
export const apiErrorHandler: ErrorRequestHandler = (error: ParserError, req, res, _next) => {
  if (res.headersSent) {
    req.log.error({ err: error }, 'error after the response started');
    res.destroy();
    return;
  }
  const send = (status: number, body: ApiErrorBody) => res.status(status).json(body);
  if (isDatabaseUnreachable(error)) {
    // Not a fault of this process: told apart, so the dashboard can say what is wrong.
    req.log.warn({ err: error }, 'database unreachable');
    res.setHeader('Retry-After', String(unavailableRetryAfterSeconds));
    send(503, { error: databaseUnreachableMessage });
    return;
  }
  if (error instanceof ServiceUnavailableError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (error instanceof HttpError) {
    send(error.status, {
      error: error.message,
      ...(error.fieldErrors && { fieldErrors: error.fieldErrors }),
    });
    return;
  }
  switch (error.type) {
    case 'entity.parse.failed':
      send(400, { error: 'The request body is not valid JSON.' });
      return;
    case 'entity.too.large':
      send(413, { error: 'The request body is too large.' });
      return;
    case 'encoding.unsupported':
    case 'charset.unsupported':
      send(415, { error: 'The request body has an unsupported encoding.' });
      return;
  }
  if (error.expose && error.status && error.status >= 400 && error.status < 500) {
    send(error.status, { error: error.message });
    return;
  }
  req.log.error({ err: error }, 'unexpected error');
  send(500, { error: 'Something went wrong on our side. Please try again later.' });
};
