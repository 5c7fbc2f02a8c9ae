import { useState, type ReactNode } from 'react';
import { fieldClass } from '#app/components/ui/form-field.tsx';
import { fieldId, type Path } from './draft.ts';
import { useEditor, useFieldError } from './editor-context.ts';

/** Focused fields stay clear of the sticky Publish bar and the top of the window. */
export const controlClass = `${fieldClass} scroll-mt-24 scroll-mb-36`;

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

type FieldFrameProps = {
  path: Path;
  label: string;
  hint?: ReactNode;
  labelHidden?: boolean;
  /** Beside the label (an entry's move and remove buttons). */
  aside?: ReactNode;
  /** The hint under the control instead of under the label, so that fields side by side stay level. */
  hintBelow?: boolean;
  /** The message to show instead of the one at `path` (one text area for a list's entries). */
  error?: string;
  className?: string;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
};

/** A label, an optional hint, the control, and its message when it needs attention. */
export function FieldFrame({
  path,
  label,
  hint,
  labelHidden,
  aside,
  hintBelow,
  error: shownError,
  className,
  children,
}: FieldFrameProps) {
  const id = fieldId(path);
  const fieldError = useFieldError(path);
  const error = shownError ?? fieldError;
  const hintElement = hint && (
    <p id={`${id}-hint`} className={`${hintBelow ? 'mt-1.5' : 'mt-0.5'} text-sm text-slate-600`}>
      {hint}
    </p>
  );
  const labelElement = (
    <label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-sm font-semibold text-ink'}>
      {label}
    </label>
  );
  return (
    <div className={className}>
      {aside ? (
        <div className="flex items-end justify-between gap-3">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {hint && !hintBelow && hintElement}
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy(hint ? `${id}-hint` : undefined, error && `${id}-error`),
      })}
      {hintBelow && hintElement}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = {
  path: Path;
  value: string;
  /** Defaults to the field's label as the editor names it, which its list of problems uses too. */
  label?: string;
  hint?: ReactNode;
  labelHidden?: boolean;
  aside?: ReactNode;
  hintBelow?: boolean;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'email' | 'tel' | 'url';
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url' | 'decimal';
  autoComplete?: string;
  className?: string;
};

/** A text of the draft, bound to its place in it. */
export function TextField({
  path,
  value,
  label,
  hint,
  labelHidden,
  aside,
  hintBelow,
  rows,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  className,
}: TextFieldProps) {
  const { dispatch, labelOf } = useEditor();
  const onChange = (event: { target: { value: string } }) =>
    dispatch({ type: 'set', path, value: event.target.value });
  return (
    <FieldFrame
      path={path}
      label={label ?? labelOf(path)}
      hint={hint}
      labelHidden={labelHidden}
      aside={aside}
      hintBelow={hintBelow}
      className={className}
    >
      {(control) =>
        rows ? (
          <textarea
            {...control}
            rows={rows}
            value={value ?? ''}
            onChange={onChange}
            className={`${controlClass} field-sizing-content min-h-20 leading-relaxed`}
          />
        ) : (
          <input
            {...control}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            spellCheck={type === 'text'}
            value={value ?? ''}
            onChange={onChange}
            className={controlClass}
          />
        )
      }
    </FieldFrame>
  );
}

const numberText = (value: number) => (Number.isFinite(value) ? String(value) : '');
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

type NumberFieldProps = {
  path: Path;
  value: number;
  /** After the input, for the eye (the label says it for screen readers): "miles". */
  suffix: string;
  hint?: ReactNode;
  /** A number with a decimal point (a speed, miles) rather than a whole one: the phone's keyboard has the point. */
  decimal?: boolean;
};

/**
 * A number input bound to the draft: it keeps what is typed, and an emptied field is NaN, which
 * the rules refuse with their message. Whole numbers unless `decimal`.
 */
export function useNumberInput(path: Path, value: number, { decimal = false } = {}) {
  const { dispatch } = useEditor();
  const [text, setText] = useState(() => numberText(value));
  // A value from elsewhere (discarding, restoring) replaces what was typed.
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!Object.is(typedNumber(text), value)) setText(numberText(value));
  }
  return {
    type: 'text',
    inputMode: decimal ? 'decimal' : 'numeric',
    autoComplete: 'off',
    value: text,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      dispatch({ type: 'set', path, value: typedNumber(event.target.value) });
    },
  } as const;
}

/** A number of the draft, with its unit after it. */
export function NumberField({ path, value, suffix, hint, decimal }: NumberFieldProps) {
  const input = useNumberInput(path, value, { decimal });
  const { labelOf } = useEditor();
  return (
    <FieldFrame path={path} label={labelOf(path)} hint={hint} hintBelow>
      {(control) => (
        <div className="mt-1.5 flex items-center gap-2">
          <input {...control} {...input} className={`${controlClass} mt-0 max-w-28`} />
          <span className="text-sm whitespace-nowrap text-slate-600" aria-hidden="true">
            {suffix}
          </span>
        </div>
      )}
    </FieldFrame>
  );
}

const wordsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const sameWords = (a: readonly string[], b: readonly string[]) => a.join(' ') === b.join(' ');

/**
 * A list of short words (postcode districts) typed in one text area, separated by commas, spaces
 * or new lines: quicker than one field per entry for a list of dozens.
 */
export function WordListField({
  path,
  words,
  hint,
}: {
  path: Path;
  words: readonly string[];
  hint?: ReactNode;
}) {
  const { dispatch, labelOf } = useEditor();
  const [text, setText] = useState(() => words.join(', '));
  // A list from elsewhere (discarding, restoring) replaces what was typed.
  const [shown, setShown] = useState(words);
  if (shown !== words) {
    setShown(words);
    if (!sameWords(wordsOf(text), words)) setText(words.join(', '));
  }
  return (
    <FieldFrame path={path} label={labelOf(path)} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          autoCapitalize="characters"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            dispatch({ type: 'set', path, value: wordsOf(event.target.value) });
          }}
          className={`${controlClass} field-sizing-content min-h-20 font-mono text-sm uppercase leading-relaxed`}
        />
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = { path: Path; checked: boolean; label?: string; hint?: ReactNode };

/** A yes-or-no of the draft, with a large touch target (the whole line). */
export function CheckboxField({ path, checked, label, hint }: CheckboxFieldProps) {
  const { dispatch, labelOf } = useEditor();
  const id = fieldId(path);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => dispatch({ type: 'set', path, value: event.target.checked })}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-3 size-5 shrink-0 accent-brand-dark scroll-mb-36"
      />
      <div className="py-2.5">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label ?? labelOf(path)}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A list's own message (too many entries, none at all), tied to the list by its id. */
export function ListError({ path }: { path: Path }) {
  const error = useFieldError(path);
  if (!error) return null;
  return (
    <p id={`${fieldId(path)}-error`} className="text-sm font-medium text-red-700">
      {error}
    </p>
  );
}
