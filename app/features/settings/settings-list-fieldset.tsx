import type { ReactNode } from 'react';
import { ListError } from '#app/components/editor/fields.tsx';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { settingsFieldLabel } from './settings-labels.ts';

/** A list of the settings with its legend, hint and the list's own message, as the editor's other lists. */
export function ListFieldset({ path, hint, children }: { path: Path; hint: string; children: ReactNode }) {
  const id = fieldId(path);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={`${id}-hint`}
      className="grid min-w-0 gap-3 focus:outline-none"
    >
      <legend className="text-base font-semibold text-ink">{settingsFieldLabel(path)}</legend>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <ListError path={path} />
      {children}
    </fieldset>
  );
}
