import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { ApiErrorBody } from '#common/http/api.ts';
import { databaseUnreachableMessage, unavailableRetryAfterSeconds } from '#common/http/outage.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';

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
export type ParserError = Error & { status?: number; type?: string; expose?: boolean };

/** A JSON answer: its status, its body and the headers it has besides the usual ones. */
export type JsonAnswer<Body = unknown> = { status: number; body: Body; headers?: Record<string, string> };

/** Sends `answer` through Express's response (its ETag and the compression middleware). */
export function sendJsonAnswer(res: Response, { status, body, headers }: JsonAnswer) {
  res.set(headers ?? {});
  res.status(status).json(body);
}

/**
 * What the API answers for anything thrown while answering: expected client errors keep their
 * message; a database that cannot be reached is a 503 saying so; anything else is logged and
 * answered with a 500 that reveals nothing. `log` is the request's logger.
 */
export function errorAnswer(
  error: ParserError,
  log: Pick<Logger, 'warn' | 'error'>,
): JsonAnswer<ApiErrorBody> {
  if (isDatabaseUnreachable(error)) {
    // Not a fault of this process: told apart, so the dashboard can say what is wrong.
    log.warn({ err: error }, 'database unreachable');
    return {
      status: 503,
      body: { error: databaseUnreachableMessage },
      headers: { 'Retry-After': String(unavailableRetryAfterSeconds) },
    };
  }
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { error: error.message, ...(error.fieldErrors && { fieldErrors: error.fieldErrors }) },
      ...(error instanceof ServiceUnavailableError && {
        headers: { 'Retry-After': String(error.retryAfterSeconds) },
      }),
    };
  }
  switch (error.type) {
    case 'entity.parse.failed':
      return { status: 400, body: { error: 'The request body is not valid JSON.' } };
    case 'entity.too.large':
      return { status: 413, body: { error: 'The request body is too large.' } };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { error: 'The request body has an unsupported encoding.' } };
  }
  if (error.expose && error.status && error.status >= 400 && error.status < 500) {
    return { status: error.status, body: { error: error.message } };
  }
  log.error({ err: error }, 'unexpected error');
  return { status: 500, body: { error: 'Something went wrong on our side. Please try again later.' } };
}

/** Turns anything thrown under /api into JSON with the right status (`errorAnswer`). */
export const apiErrorHandler: ErrorRequestHandler = (error: ParserError, req, res, _next) => {
  if (res.headersSent) {
    req.log.error({ err: error }, 'error after the response started');
    res.destroy();
    return;
  }
  sendJsonAnswer(res, errorAnswer(error, req.log));
};
