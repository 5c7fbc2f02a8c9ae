import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { describeChanges } from '#common/site-content/changes.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { ChangeList } from './change-list.tsx';
import { formatDateTime } from '#common/time/formats.ts';
import { type Conflict } from './draft-state.ts';
import { conflictNoticeId } from './use-content-publishing.ts';

type ConflictNoticeProps = {
  conflict: Conflict;
  /** The version the draft was made from. */
  base: PublishedSiteContent;
  draft: SiteContent;
  busy: boolean;
  onPublishOver: () => void;
  onLoadTheirs: () => void;
};

const buttonClass =
  'inline-flex min-h-12 items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 sm:min-h-11';

/**
 * Someone published while this draft was being edited: what they changed, what the draft would
 * change on top of their version, and the two ways on. The draft stays as it is until staff choose.
 */
export function ConflictNotice({
  conflict,
  base,
  draft,
  busy,
  onPublishOver,
  onLoadTheirs,
}: ConflictNoticeProps) {
  const { current, message } = conflict;
  const who = current.publishedBy ?? 'Someone';
  return (
    <section
      id={conflictNoticeId}
      tabIndex={-1}
      aria-labelledby={`${conflictNoticeId}-title`}
      className="scroll-mt-4 rounded-2xl border-2 border-accent bg-amber-50 p-4 focus:outline-none sm:p-6"
    >
      <h2 id={`${conflictNoticeId}-title`} className="text-lg font-bold text-ink">
        Your changes were not published
      </h2>
      <p className="mt-1 text-sm text-slate-800">{message}</p>
      <p className="mt-2 text-sm text-slate-800">
        Version {current.version} was published by {who} on {formatDateTime(current.publishedAt)}. Your
        changes are still here, unpublished.
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="rounded-xl bg-white p-4">
          <h3 className="text-base font-bold text-ink">What {who} changed</h3>
          <div className="mt-2">
            <ChangeList
              changes={describeChanges(base.content, current.content)}
              empty="Nothing that differs from the version you started from."
            />
          </div>
        </div>
        <div className="rounded-xl bg-white p-4">
          <h3 className="text-base font-bold text-ink">What your version changes on top of theirs</h3>
          <div className="mt-2">
            <ChangeList
              changes={describeChanges(current.content, draft)}
              empty="Nothing: your version is the same as theirs."
            />
          </div>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          disabled={busy}
          onClick={onPublishOver}
          className={`${buttonClass} bg-ink text-white hover:bg-slate-700`}
        >
          Publish my version over theirs
        </button>
        <ConfirmDialog
          trigger={
            <button
              type="button"
              disabled={busy}
              className={`${buttonClass} border border-slate-400 bg-white text-ink hover:bg-slate-100`}
            >
              Discard my changes and load theirs
            </button>
          }
          title="Discard your changes?"
          description={`Your unpublished changes are removed and you continue from version ${current.version}.`}
          confirmLabel="Discard my changes"
          destructive
          onConfirm={onLoadTheirs}
        />
      </div>
    </section>
  );
}
