import { useId } from 'react';
import type { ConsentCategory } from '../../lib/consent.ts';
import { cookieCategories } from '../../content/cookie-categories.ts';

/**
 * One cookie category with its switch (a button with role="switch", labelled by the category's
 * title and described by its text). Essential is on and cannot be switched off.
 */
export function ConsentCategoryRow({
  category,
  checked,
  onChange,
  compact = false,
}: {
  category: ConsentCategory;
  checked: boolean;
  onChange: (checked: boolean) => void;
  compact?: boolean;
}) {
  const id = useId();
  const entry = cookieCategories.find((candidate) => candidate.id === category)!;
  const required = category === 'essential';
  return (
    <div className={`flex items-start justify-between gap-4 ${compact ? 'py-3' : 'py-5'}`}>
      <div className="min-w-0">
        <p id={`${id}-label`} className="font-semibold text-ink">
          {entry.title}
          {required && <span className="ml-2 text-xs font-medium text-slate-500">(always on)</span>}
        </p>
        <div id={`${id}-text`} className="mt-1 text-sm text-slate-600">
          <p>{entry.description}</p>
          <p className="mt-1 text-slate-500">Examples: {entry.examples}</p>
        </div>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-text`}
        disabled={required}
        data-category={category}
        onClick={() => onChange(!checked)}
        className="relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed aria-checked:bg-brand-dark aria-[checked=false]:bg-slate-400 disabled:opacity-70"
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
