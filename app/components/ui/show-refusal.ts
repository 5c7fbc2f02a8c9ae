import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';

/**
 * A form's request the server refused: its messages go under the `fields` they name (the first of
 * them focused); a refusal that names none of them is a toast titled `title`.
 */
export function showRefusal<Values extends FieldValues>(
  error: unknown,
  {
    fields,
    setError,
    title,
  }: { fields: readonly Path<Values>[]; setError: UseFormSetError<Values>; title: string },
): void {
  const fieldErrors: Record<string, string[] | undefined> =
    error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  const wrong = fields.filter((field) => fieldErrors[field]?.[0]);
  wrong.forEach((field, index) =>
    setError(field, { message: fieldErrors[field]![0] }, { shouldFocus: index === 0 }),
  );
  if (wrong.length === 0) toast({ variant: 'destructive', title, description: messageOf(error) });
}
