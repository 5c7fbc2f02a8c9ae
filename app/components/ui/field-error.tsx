import { get, useFormContext, useFormState, type FieldErrors, type FieldValues } from 'react-hook-form';

/** The id of the message under the field whose id is `fieldId`. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/**
 * What ties a field to its message for assistive technology: the field is marked invalid and
 * described by the message (after `describedBy`, other descriptions such as a hint).
 */
export function errorAttributes(fieldId: string, message: string | undefined, describedBy?: string) {
  const described = [describedBy, message ? errorIdOf(fieldId) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(message), 'aria-describedby': described || undefined };
}

/** A field's message under it, found by the field's `errorAttributes`; nothing when the field is fine. */
export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  return message ? (
    <p id={errorIdOf(fieldId)} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** A form's message for a field, by the field's path in the values (`stock`, `tyres.0.dot`). */
function fieldMessage(errors: FieldErrors, name: string): string | undefined {
  return (get(errors, name) as { message?: string } | undefined)?.message;
}

/**
 * Inside a FormProvider: the message of the field at `name` and the attributes that tie the
 * field (`fieldId`) to it, for fields laid out without FormField (lists of fields, say).
 */
export function useFieldError(name: string, fieldId: string) {
  const { control } = useFormContext<FieldValues>();
  const { errors } = useFormState({ control, name });
  const message = fieldMessage(errors, name);
  return { message, attributes: errorAttributes(fieldId, message) };
}

/**
 * The form's own error: a refusal that names none of its fields (`errors.root.server`, set by
 * showRefusal), shown where the form is, below its fields.
 */
export function FormError({ errors, className = '' }: { errors: FieldErrors; className?: string }) {
  const message = errors.root?.server?.message;
  return message ? (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 ${className}`}
    >
      {message}
    </p>
  ) : null;
}
