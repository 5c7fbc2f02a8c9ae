import { useId } from 'react';
import type { ConsentCategory } from './consent.ts';
import { cookieCategories } from './cookie-categories.ts';
import { Switch } from '#app/components/ui/switch.tsx';

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
      <Switch
        checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-text`}
        disabled={required}
        data-category={category}
        onCheckedChange={onChange}
        className="mt-1"
      />
    </div>
  );
}
