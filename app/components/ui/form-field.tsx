import type { ReactNode } from 'react';

export const fieldClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-red-700';

type FieldControlProps = {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
};

type FormFieldProps = {
  id: string;
  label: string;
  /** Marked with an asterisk and announced as required. */
  required?: boolean;
  /** A line under the control, read out with it. */
  hint?: ReactNode;
  error: string | undefined;
  /** Other elements describing the control (a live verdict under it), by id. */
  describedBy?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled control with its error below, tied together for assistive technology. */
export function FormField({ id, label, required, hint, error, describedBy, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : undefined, error ? errorId : undefined, describedBy].filter(Boolean);
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: fieldClass,
        'aria-invalid': Boolean(error),
        'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
        'aria-required': required || undefined,
      })}
      {/* Below the control, so that fields side by side stay level. */}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {/* FieldError's markup (field-error.tsx), written out: the public pages' forms use FormField,
          and their scripts have no bytes to spare for that module. */}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
