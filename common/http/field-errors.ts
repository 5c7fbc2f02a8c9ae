import * as z from 'zod/mini';

/** The API's sentence for a 400 whose details are in `fieldErrors`. */
export const invalidFieldsMessage = 'Please check the highlighted fields and try again.';

/** A schema's failures as the API sends them: messages keyed by field (`fieldErrors`). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}
