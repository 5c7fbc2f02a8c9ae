import type { ChangeEventHandler, ReactNode } from 'react';

type ChoiceCardProps = {
  name: string;
  value: string;
  title: ReactNode;
  detail?: ReactNode;
  /** Uncontrolled (a plain form's choice) unless `checked` is given. */
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  /** The group's error, read out with each choice. */
  describedBy?: string;
  id?: string;
};

/**
 * One choice of a radio group as a card: the whole card is the label, the radio stays visible,
 * and the card shows the choice and the keyboard focus without any script.
 */
export function ChoiceCard({
  name,
  value,
  title,
  detail,
  defaultChecked,
  checked,
  onChange,
  describedBy,
  id,
}: ChoiceCardProps) {
  return (
    <label className="flex h-full cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white p-4 shadow-sm transition hover:border-brand-dark has-checked:border-brand-dark has-checked:bg-brand-light has-checked:ring-1 has-checked:ring-brand-dark has-focus-visible:ring-2 has-focus-visible:ring-ink">
      <input
        type="radio"
        id={id}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        checked={checked}
        onChange={onChange}
        aria-describedby={describedBy}
        className="mt-0.5 size-5 shrink-0 accent-[var(--color-brand-dark)] focus:outline-none"
      />
      <span className="min-w-0">
        <span className="block font-semibold text-ink">{title}</span>
        {detail && <span className="mt-0.5 block text-sm text-slate-600">{detail}</span>}
      </span>
    </label>
  );
}

/** A group's message, under its legend. */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}
