import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * A dashboard form's check: the Zod schema of what it sends (the API's own, from common/, where
 * there is one), run on submit, then on each change. `Values` are the fields as typed; the form
 * hands the schema's output to its submit. The API's schemas take any input (their transforms
 * read `unknown`), which react-hook-form cannot match to the fields' types: hence the cast.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodMiniType<Output>,
): Resolver<Values, unknown, Output> {
  return zodResolver(schema as z.ZodMiniType<Output, Values>) as unknown as Resolver<Values, unknown, Output>;
}
