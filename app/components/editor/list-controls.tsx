import type { ReactNode } from 'react';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { ChevronDownIcon } from '#app/components/ui/icons.tsx';
import { PlusIcon, TrashIcon } from '#app/components/ui/staff-icons.tsx';
import { fieldId, type Path } from './draft.ts';
import { useEditor } from './editor-context.ts';

const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-40 sm:size-10';

const controlId = (listPath: Path, index: number, control: 'up' | 'down' | 'remove') =>
  `${fieldId(listPath)}-${index}-${control}`;
const addId = (listPath: Path) => `${fieldId(listPath)}-add`;

/** After the list has re-rendered, focus the first of these controls that can take it. */
function focusFirst(...ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const element = document.getElementById(id) as HTMLButtonElement | null;
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });
}

type ItemControlsProps = {
  listPath: Path;
  index: number;
  count: number;
  /** The entry as the buttons name it: "benefit 2", "Standard puncture repair". */
  name: string;
  /** Asks before removing (a service, a branch): the dialog's title and text. */
  confirmRemoval?: { title: string; description: string };
  /** False for a list whose order is not staff's to choose (windows go by time): remove only. */
  movable?: boolean;
};

/**
 * Move up, move down and remove for one entry of a list (remove alone when `movable` is false).
 * Focus follows the entry that moved, so that pressing a button again moves it further.
 */
export function ItemControls({
  listPath,
  index,
  count,
  name,
  confirmRemoval,
  movable = true,
}: ItemControlsProps) {
  const { dispatch } = useEditor();
  const move = (to: number, direction: 'up' | 'down') => {
    dispatch({ type: 'move', path: listPath, from: index, to });
    focusFirst(
      controlId(listPath, to, direction),
      controlId(listPath, to, direction === 'up' ? 'down' : 'up'),
    );
  };
  const remove = () => {
    dispatch({ type: 'remove', path: listPath, index });
    focusFirst(controlId(listPath, Math.min(index, count - 2), 'remove'), addId(listPath), fieldId(listPath));
  };
  const removeButton = (
    <button
      id={controlId(listPath, index, 'remove')}
      type="button"
      aria-label={`Remove ${name}`}
      onClick={confirmRemoval ? undefined : remove}
      className={`${iconButtonClass} text-red-700 hover:bg-red-50`}
    >
      <TrashIcon className="size-5" />
    </button>
  );
  const removal = confirmRemoval ? (
    <ConfirmDialog
      trigger={removeButton}
      title={confirmRemoval.title}
      description={confirmRemoval.description}
      confirmLabel="Remove"
      destructive
      onConfirm={remove}
    />
  ) : (
    removeButton
  );
  if (!movable) return removal;
  return (
    <div className="flex shrink-0 gap-1.5">
      <button
        id={controlId(listPath, index, 'up')}
        type="button"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => move(index - 1, 'up')}
        className={iconButtonClass}
      >
        <ChevronDownIcon className="size-5 rotate-180" />
      </button>
      <button
        id={controlId(listPath, index, 'down')}
        type="button"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => move(index + 1, 'down')}
        className={iconButtonClass}
      >
        <ChevronDownIcon className="size-5" />
      </button>
      {removal}
    </div>
  );
}

type AddButtonProps = {
  listPath: Path;
  /** The new entry. */
  item: unknown;
  count: number;
  limit: number;
  children: ReactNode;
  /** The entries, for "At most 10 benefits". */
  noun: string;
};

/** Adds an entry at the end of a list and puts the cursor in its first field. */
export function AddButton({ listPath, item, count, limit, children, noun }: AddButtonProps) {
  const { dispatch } = useEditor();
  const full = count >= limit;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <button
        id={addId(listPath)}
        type="button"
        disabled={full}
        onClick={() => {
          dispatch({ type: 'add', path: listPath, item });
          requestAnimationFrame(() => {
            const entry = document.querySelector<HTMLElement>(
              `[data-entry="${fieldId([...listPath, count])}"] :is(input, textarea)`,
            );
            entry?.focus();
          });
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-dashed border-slate-400 px-4 py-2 text-sm font-semibold text-ink transition hover:border-brand-dark hover:bg-brand-light disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-10"
      >
        <PlusIcon className="size-4" />
        {children}
      </button>
      {full && (
        <p className="text-sm text-slate-600">
          At most {limit} {noun}.
        </p>
      )}
    </div>
  );
}
