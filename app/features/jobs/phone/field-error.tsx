import { get, useFormContext } from 'react-hook-form';

/** The message of a field of the form (by its path), tied to the field by its id. */
export function FieldError({ name, id }: { name: string; id: string }) {
  const {
    formState: { errors },
  } = useFormContext();
  const message = (get(errors, name) as { message?: string } | undefined)?.message;
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/** The attributes tying a field to its message. */
export function useErrorOf(name: string, id: string) {
  const {
    formState: { errors },
  } = useFormContext();
  const invalid = Boolean(get(errors, name));
  return { 'aria-invalid': invalid, 'aria-describedby': invalid ? id : undefined };
}
