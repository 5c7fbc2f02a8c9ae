import type { ButtonHTMLAttributes } from 'react';

type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'onClick' | 'onChange'> & {
  checked: boolean;
  /** Not called while the switch is disabled, nor while `aria-disabled` (a change on its way). */
  onCheckedChange: (checked: boolean) => void;
};

/**
 * An on/off setting that takes effect as it is switched: a button with role="switch", labelled
 * and described by the text beside it (`aria-labelledby`, `aria-describedby`).
 */
export function Switch({ checked, onCheckedChange, className = '', ...button }: SwitchProps) {
  const ariaDisabled = button['aria-disabled'];
  const inert = button.disabled === true || ariaDisabled === true || ariaDisabled === 'true';
  return (
    <button
      {...button}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => {
        if (!inert) onCheckedChange(!checked);
      }}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed aria-checked:bg-brand-dark aria-[checked=false]:bg-slate-400 aria-disabled:opacity-60 disabled:opacity-70 ${className}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}
