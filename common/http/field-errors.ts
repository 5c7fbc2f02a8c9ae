import * as z from 'zod/mini';

/** The API's sentence for a 400 whose details are in `fieldErrors`. */
export const invalidFieldsMessage = 'Please check the highlighted fields and try again.';

/** A schema's failures as the API sends them: messages keyed by field (`fieldErrors`). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}

/**
 * A nested body's failures keyed by the path of each field (`record.tyres.1.dot`), so that a
 * form of lists (a job's record) can put each message at its own field.
 */
export function nestedFieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || 'body';
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}
