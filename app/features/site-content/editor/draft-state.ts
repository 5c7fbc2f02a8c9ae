import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';

/**
 * Where a value sits in the site content: `['services', 1, 'pricing', 0, 'price']`. Joined with
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

/** The dashboard's copy of the content: what it was edited from, and the edits. */
export type EditorState = {
  /** The published version the draft was made from: publishing sends its number. */
  base: PublishedSiteContent;
  draft: SiteContent;
  /** From the first attempt to publish on, the draft is checked on every change. */
  checking: boolean;
  /** What the server refused on a 400, until the field is changed. */
  serverErrors: FieldErrors;
  /** The version someone else published meanwhile (a 409), until staff choose what to keep. */
  conflict: Conflict | null;
};

/** Another version published since the draft's base, and the server's words about it. */
export type Conflict = { current: PublishedSiteContent; message: string };

export type EditorAction =
  | { type: 'set'; path: Path; value: unknown }
  | { type: 'add'; path: Path; item: unknown }
  | { type: 'remove'; path: Path; index: number }
  | { type: 'move'; path: Path; from: number; to: number }
  /** Publishing was attempted: show what needs attention. */
  | { type: 'check' }
  /** A version to edit from now on, with no edits: after publishing, restoring, discarding. */
  | { type: 'load'; published: PublishedSiteContent }
  | { type: 'conflict'; conflict: Conflict }
  | { type: 'refused'; fieldErrors: FieldErrors };

export function editorState(base: PublishedSiteContent): EditorState {
  return { base, draft: base.content, checking: false, serverErrors: {}, conflict: null };
}

const listAt = (draft: SiteContent, path: Path): unknown[] => {
  const list = getIn(draft, path);
  return Array.isArray(list) ? list : [];
};

/**
 * The server's refusal of a field no longer applies once the field is changed; nor do its
 * entries' when one control edits a whole list (the lines of an address in one text area).
 */
function withoutServerError(errors: FieldErrors, path: Path): FieldErrors {
  const key = pathKey(path);
  const changed = (entry: string) => entry === key || entry.startsWith(`${key}.`);
  if (!Object.keys(errors).some(changed)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([entry]) => !changed(entry)));
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const edited = (path: Path, value: unknown) => setIn(state.draft, path, value);
  switch (action.type) {
    case 'set':
      return {
        ...state,
        draft: edited(action.path, action.value),
        serverErrors: withoutServerError(state.serverErrors, action.path),
      };
    // Entries change places: errors keyed by position would point at the wrong ones.
    case 'add':
      return {
        ...state,
        draft: edited(action.path, insertItem(listAt(state.draft, action.path), action.item)),
        serverErrors: {},
      };
    case 'remove':
      return {
        ...state,
        draft: edited(action.path, removeItem(listAt(state.draft, action.path), action.index)),
        serverErrors: {},
      };
    case 'move':
      return {
        ...state,
        draft: edited(action.path, moveItem(listAt(state.draft, action.path), action.from, action.to)),
        serverErrors: {},
      };
    case 'check':
      return { ...state, checking: true };
    case 'load':
      return editorState(action.published);
    case 'conflict':
      return { ...state, conflict: action.conflict };
    case 'refused':
      return { ...state, checking: true, serverErrors: action.fieldErrors };
  }
}

/** Whether the draft differs from the version it was made from. */
export const hasEdits = (state: Pick<EditorState, 'base' | 'draft'>): boolean =>
  JSON.stringify(state.base.content) !== JSON.stringify(state.draft);
