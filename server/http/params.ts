import type { Request } from 'express';
import * as z from 'zod/mini';
import { fieldErrorsOf, invalidFieldsMessage, nestedFieldErrorsOf } from '#common/http/field-errors.ts';
import { isOneOf } from '#common/util/words.ts';
import { HttpError } from './errors.ts';

/** A query parameter given at most once (else 400), or undefined when it is not given. */
export function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `Give ${name} once.`);
  return value;
}

/**
 * A query parameter that must be one of `values` when given (else 400 naming them); undefined
 * when it is not given or given empty (a form's "any").
 */
export function queryOneOf<Value extends string>(
  req: Request,
  name: string,
  values: readonly Value[],
): Value | undefined {
  const value = queryText(req, name) || undefined;
  if (value === undefined) return undefined;
  if (!isOneOf(values, value)) throw new HttpError(400, `${name} must be one of ${values.join(', ')}.`);
  return value;
}

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
