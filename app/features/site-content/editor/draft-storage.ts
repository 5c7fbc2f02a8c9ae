import {
  defaultCoveredDistricts,
  defaultCustomerEmails,
  siteContentConflictMessage,
  siteContentSchema,
  type PublishedSiteContent,
  type SiteContent,
} from '#common/site-content/site-content.ts';
import { staffTabStoragePrefix } from '#app/features/account/index.ts';
import { editorState, hasEdits, type EditorState } from './draft-state.ts';

/**
 * Unpublished edits are kept in the browser tab (sessionStorage), so that a reload, a switch to
 * another tab of the dashboard or a phone dropping the page does not lose them. They are never
 * shared: each member of staff edits their own copy (decision record 010).
 */
export const draftStorageKey = `${staffTabStoragePrefix}site-content-draft`;

type StoredDraft = { base: PublishedSiteContent; draft: SiteContent };

/** Fields a number input leaves empty: NaN in the draft, null once stored as JSON. */
const numberPath = /^areas\.radius(Miles|Kilometres)$/;

/** NaN for a number stored as null. */
const emptied = (value: number | null) => value ?? Number.NaN;

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function isPublished(value: unknown): value is PublishedSiteContent {
  if (typeof value !== 'object' || value === null) return false;
  const { version, content, publishedAt, publishedBy } = value as Record<string, unknown>;
  return (
    Number.isInteger(version) &&
    typeof publishedAt === 'string' &&
    (publishedBy === null || typeof publishedBy === 'string') &&
    siteContentSchema.safeParse(content).success
  );
}

/**
 * A stored draft may be unfinished (empty fields, an hour after closing), but its shape must be
 * the document's: a wrong type anywhere, other than an emptied number, means it is not ours.
 */
function asDraft(value: unknown): SiteContent | undefined {
  const result = siteContentSchema.safeParse(value);
  if (result.success) return withLaterFields(value as SiteContent);
  const misshapen = result.error.issues.some(
    (issue) =>
      (issue.code === 'invalid_type' && !numberPath.test(issue.path.join('.'))) ||
      issue.code === 'unrecognized_keys',
  );
  if (misshapen) return undefined;
  const draft = withLaterFields(value as SiteContent);
  const { areas } = draft;
  return {
    ...draft,
    areas: {
      ...areas,
      radiusMiles: emptied(areas.radiusMiles),
      radiusKilometres: emptied(areas.radiusKilometres),
    },
  };
}

/**
 * Fields the document gained after a draft was kept (a tab left open across an update) get the
 * value the server gives a stored document without them, so the editor has every field.
 */
function withLaterFields(content: SiteContent): SiteContent {
  return {
    ...content,
    areas: {
      ...content.areas,
      coveredDistricts: content.areas.coveredDistricts ?? [...defaultCoveredDistricts],
    },
    customerEmails: content.customerEmails ?? { ...defaultCustomerEmails },
  };
}

/** The edits kept in this tab, or null (nothing kept, or something that cannot be read, removed). */
export function readStoredDraft(storage = sessionStore()): StoredDraft | null {
  const raw = storage?.getItem(draftStorageKey);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const draft = asDraft(value.draft);
    if (isPublished(value.base) && draft) {
      return {
        base: { ...value.base, content: withLaterFields(value.base.content) },
        draft,
      };
    }
  } catch {
    // Falls through to removal.
  }
  storage?.removeItem(draftStorageKey);
  return null;
}

/** Keeps the draft while it has edits, and forgets it once it has none. */
export function storeDraft(state: Pick<EditorState, 'base' | 'draft'>, storage = sessionStore()): void {
  try {
    if (hasEdits(state)) {
      storage?.setItem(draftStorageKey, JSON.stringify({ base: state.base, draft: state.draft }));
    } else {
      storage?.removeItem(draftStorageKey);
    }
  } catch {
    // A full or refused storage only loses the safety copy; the editor keeps working.
  }
}

/**
 * Where the editor starts: the published version, or the edits kept in this tab. Edits made from
 * an older version than the published one are kept, and shown as a conflict to resolve.
 */
export function initialEditorState(published: PublishedSiteContent, stored: StoredDraft | null): EditorState {
  if (!stored) return editorState(published);
  const restored: EditorState = { ...editorState(stored.base), draft: stored.draft };
  if (!hasEdits(restored)) return editorState(published);
  return stored.base.version === published.version
    ? restored
    : { ...restored, conflict: { current: published, message: siteContentConflictMessage } };
}
