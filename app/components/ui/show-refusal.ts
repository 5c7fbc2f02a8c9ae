import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';

type RefusalOptions<Values extends FieldValues> = {
  /** The form's fields the server may name in `fieldErrors` (a 400's details). */
  fields: readonly Path<Values>[];
  setError: UseFormSetError<Values>;
  /**
   * Where a message that names none of `fields` goes: a toast with this title; without one, the
   * form's own error (`errors.root.server`), which FormError shows in the form.
   */
  title?: string;
  /** The toast's words for a refusal the server gave no sentence for (the API's own by default). */
  describe?: (error: unknown) => string;
};

/** The first message of each key of a refusal's `fieldErrors`, split into the form's fields and the rest. */
function splitFieldErrors(error: unknown, fields: readonly string[]) {
  const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
  const named: [field: string, message: string][] = [];
  const others: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    if (fields.includes(key)) named.push([key, message]);
    else others.push(message);
  }
  return { named, others };
}

/**
 * A form's request the server refused, put on its react-hook-form: each message of the
 * refusal's `fieldErrors` goes under the field it names (the first of them focused); messages for
 * keys that are none of `fields`, or the refusal's own sentence when it named no field, become
 * the form's error (a toast when `title` is given). The one way a dashboard form shows a refusal.
 */
export function showRefusal<Values extends FieldValues>(
  error: unknown,
  { fields, setError, title, describe = messageOf }: RefusalOptions<Values>,
): void {
  const { named, others } = splitFieldErrors(error, fields);
  named.forEach(([field, message], index) =>
    setError(field as Path<Values>, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  const formMessage = others.length > 0 ? others.join(' ') : named.length === 0 ? describe(error) : undefined;
  if (formMessage === undefined) return;
  if (title) toast({ variant: 'destructive', title, description: formMessage });
  else setError('root.server', { type: 'server', message: formMessage });
}
