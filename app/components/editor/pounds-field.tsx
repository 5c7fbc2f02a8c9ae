import { useState, type ReactNode } from 'react';
import { parsePounds, poundsText } from '#common/util/money.ts';
import type { Path } from './draft.ts';
import { useEditor, useFieldError } from './editor-context.ts';
import { controlClass, FieldFrame } from './fields.tsx';

const textOf = (pence: number) => (Number.isFinite(pence) ? poundsText(pence) : '');
const penceOf = (text: string) => parsePounds(text) ?? Number.NaN;

type PoundsFieldProps = {
  path: Path;
  /** The amount in the draft, in pence; NaN while what is typed is not an amount. */
  pence: number;
  /** Defaults to the field's label as the editor names it. */
  label?: string;
  hint?: ReactNode;
  /**
   * What is wrong, in pounds, when the rules refuse the amount: the rules speak of pence, which
   * staff never type.
   */
  message: (text: string, pence: number) => string;
};

/**
 * An amount typed in pounds and kept in pence in the draft. What is not an amount is NaN there,
 * which the rules refuse; the field then says what is wrong in pounds.
 */
export function PoundsField({ path, pence, label, hint, message }: PoundsFieldProps) {
  const { dispatch, labelOf } = useEditor();
  const ruleError = useFieldError(path);
  const [text, setText] = useState(() => textOf(pence));
  // An amount from elsewhere (an entry of a list removed above this one) replaces what was typed.
  const [shown, setShown] = useState(pence);
  if (!Object.is(shown, pence)) {
    setShown(pence);
    if (!Object.is(penceOf(text), pence)) setText(textOf(pence));
  }
  return (
    <FieldFrame
      path={path}
      label={label ?? labelOf(path)}
      hint={hint}
      hintBelow
      error={ruleError && message(text, pence)}
    >
      {(control) => (
        <div className="mt-1.5 flex items-center gap-2">
          <span className="text-sm text-slate-600" aria-hidden="true">
            £
          </span>
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              dispatch({ type: 'set', path, value: penceOf(event.target.value) });
            }}
            className={`${controlClass} mt-0 max-w-32`}
          />
        </div>
      )}
    </FieldFrame>
  );
}
