import type { Request } from 'express';
import * as z from 'zod/mini';
import { fieldErrorsOf, invalidFieldsMessage, nestedFieldErrorsOf } from '#common/http/field-errors.ts';
import { isCalendarDate } from '#common/time/week.ts';
import { HttpError } from './errors.ts';

/** The `:id` of a path as a database id (a positive 32-bit integer), else 400 with `message`. */
export function idParam(req: Request, message: string): number {
  const raw = String(req.params.id);
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new HttpError(400, message);
  return Number(raw);
}

/**
 * A request body checked by `schema`, else 400 with the API's error body (`{ error, fieldErrors }`),
 * its fields named by their whole path when `nested`.
 */
export function parseBody<Schema extends z.ZodMiniType>(
  schema: Schema,
  body: unknown,
  { nested = false }: { nested?: boolean } = {},
): z.output<Schema> {
  const result = z.safeParse(schema, body);
  if (!result.success) {
    const fieldErrors = (nested ? nestedFieldErrorsOf : fieldErrorsOf)(result.error);
    throw new HttpError(400, invalidFieldsMessage, fieldErrors);
  }
  return result.data;
}

/**
 * A request's query string checked by `schema`, as bodies are (`parseBody`): 400 with the API's
 * error body naming each parameter at fault. A parameter given twice is refused by the schema
 * (its value is then a list, not a string).
 */
export function parseQuery<Schema extends z.ZodMiniType>(schema: Schema, req: Request): z.output<Schema> {
  return parseBody(schema, req.query);
}

/** A whole number in a query parameter ("50"), from `min` to `max`. */
export const wholeNumberParam = (name: string, min: number, max: number) => {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z.pipe(
    z.string(message).check(z.regex(/^[0-9]{1,10}$/, message)),
    z.pipe(
      z.transform((value: string) => Number(value)),
      z.number().check(z.minimum(min, message), z.maximum(max, message)),
    ),
  );
};

/** A database id in a query parameter ("42", at most `digits` digits), else `message`. */
export const idQueryParam = (message: string, digits = 10) =>
  z.pipe(
    z.string(message).check(z.regex(new RegExp(`^[1-9][0-9]{0,${digits - 1}}$`), message)),
    z.transform((value: string) => Number(value)),
  );

/** A query parameter given once, as text; given twice, it is refused naming it. */
export const textParam = (name: string) => z.string(`Give ${name} once.`);

/** A calendar date in a query parameter ("2026-03-01"). */
export const calendarDateParam = (name: string) =>
  textParam(name).check(z.refine(isCalendarDate, `${name} must be a date, YYYY-MM-DD.`));

/**
 * A query parameter its schema let through but a rule outside it refuses (one value against
 * another, or against the published content): 400 naming it, as `parseQuery` refuses, with the
 * message as the answer's sentence too, for the pages that show that alone (the diary's move
 * dialog, when a branch's service can no longer be booked).
 */
export const parameterRefusal = (name: string, message: string) =>
  new HttpError(400, message, { [name]: [message] });

/**
 * A query parameter for which empty means not given (a form's "any"): `schema` is given
 * undefined instead, so that its default or `optional` applies.
 */
export const blankAsMissing = <Schema extends z.ZodMiniType>(schema: Schema) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    schema,
  );

/** `?before=&limit=` of a list read page by page, newest first (`limit` 50 when not given). */
export const pageQuerySchema = z.object({
  before: z.optional(wholeNumberParam('before', 1, 2_147_483_647)),
  limit: z._default(wholeNumberParam('limit', 1, 200), 50),
});
