import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { editDraft, type DraftEdit, type FieldErrors } from '#app/components/editor/draft.ts';

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
  | DraftEdit
  /** Publishing was attempted: show what needs attention. */
  | { type: 'check' }
  /** A version to edit from now on, with no edits: after publishing, restoring, discarding. */
  | { type: 'load'; published: PublishedSiteContent }
  | { type: 'conflict'; conflict: Conflict }
  | { type: 'refused'; fieldErrors: FieldErrors };

export function editorState(base: PublishedSiteContent): EditorState {
  return { base, draft: base.content, checking: false, serverErrors: {}, conflict: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'set':
    case 'add':
    case 'remove':
    case 'move':
      return editDraft(state, action);
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
