import type { ReactNode } from 'react';
import { fieldLabel } from './content-errors.ts';
import { ListError, TextField } from '#app/components/editor/fields.tsx';
import { fieldId, type Path } from '#app/components/editor/draft.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';

type StringListFieldProps = {
  path: Path;
  items: readonly string[];
  /** "Add a benefit". */
  addLabel: string;
  /** "benefits", for "At most 10 benefits". */
  noun: string;
  limit: number;
  hint?: ReactNode;
  /** Text areas of this many rows (paragraphs) instead of one-line inputs. */
  rows?: number;
};

/** A list of texts (benefits, paragraphs, keywords, areas): each one editable, movable, removable. */
export function StringListField({ path, items, addLabel, noun, limit, hint, rows }: StringListFieldProps) {
  const id = fieldId(path);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className="grid min-w-0 gap-3 focus:outline-none"
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
      <legend className="text-base font-semibold text-ink">{fieldLabel(path)}</legend>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <ListError path={path} />
      {items.length > 0 && (
        <ol className="grid gap-3">
          {items.map((item, index) => {
            const itemPath = [...path, index];
            const label = fieldLabel(itemPath);
            return (
              <li key={index} data-entry={fieldId(itemPath)}>
                <TextField
                  path={itemPath}
                  value={item}
                  rows={rows}
                  aside={
                    <ItemControls
                      listPath={path}
                      index={index}
                      count={items.length}
                      name={label.toLowerCase()}
                    />
                  }
                />
              </li>
            );
          })}
        </ol>
      )}
      <AddButton listPath={path} item="" count={items.length} limit={limit} noun={noun}>
        {addLabel}
      </AddButton>
    </fieldset>
  );
}
