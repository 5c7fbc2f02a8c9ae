/**
 * Where a value sits in a draft document: `['services', 1, 'pricing', 0, 'price']`. Joined with
 * dots it is the key of the field's errors, as the schema and the API name them.
 */
export type Path = readonly (string | number)[];
export type FieldErrors = Record<string, string[]>;

export const pathKey = (path: Path): string => path.join('.');

/** The DOM id of the field (or list) at a path or dotted key. */
export const fieldId = (path: Path | string): string =>
  `content-${(typeof path === 'string' ? path : pathKey(path)).replaceAll('.', '-')}`;

export function getIn(root: unknown, path: Path): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/** A copy of `root` with the value at `path` replaced; everything off the path is shared. */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...Path];
  const container = root as unknown;
  const current = (container as Record<string | number, unknown> | undefined)?.[head];
  const next = setIn(current, rest, value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[head as number] = next;
    return copy as T;
  }
  return { ...(container as object), [head]: next } as T;
}

/** The list with `item` added at `index` (the end by default). */
export function insertItem<Item>(list: readonly Item[], item: Item, index = list.length): Item[] {
  return [...list.slice(0, index), item, ...list.slice(index)];
}

export function removeItem<Item>(list: readonly Item[], index: number): Item[] {
  return list.filter((_, position) => position !== index);
}

/** The list with the entry at `from` moved to `to`; out-of-range moves change nothing. */
export function moveItem<Item>(list: readonly Item[], from: number, to: number): Item[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved as Item);
  return copy;
}

/** What the fields of a draft do to it, each at a path. */
export type DraftEdit =
  | { type: 'set'; path: Path; value: unknown }
  | { type: 'add'; path: Path; item: unknown }
  | { type: 'remove'; path: Path; index: number }
  | { type: 'move'; path: Path; from: number; to: number };

/** What a draft's editor keeps besides its own: the draft, and what the API refused of it. */
export type DraftState<Draft> = {
  draft: Draft;
  /** What the API refused on a 400, until the field is changed. */
  serverErrors: FieldErrors;
};

const listAt = (draft: unknown, path: Path): unknown[] => {
  const list = getIn(draft, path);
  return Array.isArray(list) ? list : [];
};

/**
 * The API's refusal of a field no longer applies once the field is changed; nor do its entries'
 * when one control edits a whole list (the lines of an address in one text area).
 */
function withoutServerError(errors: FieldErrors, path: Path): FieldErrors {
  const key = pathKey(path);
  const changed = (entry: string) => entry === key || entry.startsWith(`${key}.`);
  if (!Object.keys(errors).some(changed)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([entry]) => !changed(entry)));
}

/** The state with the edit made to its draft, the API's refusals that no longer apply gone. */
export function editDraft<Draft, State extends DraftState<Draft>>(state: State, edit: DraftEdit): State {
  const edited = (value: unknown) => setIn(state.draft, edit.path, value);
  const list = () => listAt(state.draft, edit.path);
  switch (edit.type) {
    case 'set':
      return {
        ...state,
        draft: edited(edit.value),
        serverErrors: withoutServerError(state.serverErrors, edit.path),
      };
    // Entries change places: errors keyed by position would point at the wrong ones.
    case 'add':
      return { ...state, draft: edited(insertItem(list(), edit.item)), serverErrors: {} };
    case 'remove':
      return { ...state, draft: edited(removeItem(list(), edit.index)), serverErrors: {} };
    case 'move':
      return { ...state, draft: edited(moveItem(list(), edit.from, edit.to)), serverErrors: {} };
  }
}
