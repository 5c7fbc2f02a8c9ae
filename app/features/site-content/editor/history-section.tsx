import { messageOf } from '#app/lib/api.ts';
import type { SiteContentRevision } from '#common/site-content/site-content.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { formatDateTime } from '#common/time/formats.ts';
import { useRevisions } from './content-queries.ts';
import { ContentSection } from './content-section.tsx';
import { unpublishedText } from './publish-bar.tsx';

type HistorySectionProps = {
  /** The version on the site now (it cannot be restored: it is there). */
  currentVersion: number;
  /** Unpublished changes that a restore would replace. */
  unpublished: number;
  busy: boolean;
  onRestore: (revision: SiteContentRevision) => void;
};

function RevisionItem({
  revision,
  current,
  unpublished,
  busy,
  onRestore,
}: { revision: SiteContentRevision; current: boolean } & Omit<HistorySectionProps, 'currentVersion'>) {
  const warning = unpublished > 0 ? ` Your ${unpublishedText(unpublished)} will be discarded.` : '';
  return (
    <li className="flex flex-col gap-3 border-t border-slate-200 py-4 first:border-t-0 first:pt-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          Version {revision.version}
          {current && (
            <span className="rounded-full bg-brand-light px-2.5 py-0.5 text-xs font-bold text-brand-dark">
              On the site
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          {revision.author ?? 'Original content'} ·{' '}
          <time dateTime={revision.createdAt}>{formatDateTime(revision.createdAt)}</time>
        </p>
        <p className="mt-1 text-sm break-words text-slate-800">{revision.summary}</p>
      </div>
      {!current && (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              disabled={busy}
              className="inline-flex min-h-11 shrink-0 items-center justify-center self-start rounded-lg border border-slate-300 px-4 text-sm font-semibold text-ink transition hover:bg-slate-100 disabled:opacity-60"
            >
              Restore<span className="sr-only"> version {revision.version}</span>
            </button>
          }
          title={`Restore version ${revision.version}?`}
          description={`Its content is published again as a new version; the history keeps every version.${warning}`}
          confirmLabel="Restore"
          destructive={unpublished > 0}
          onConfirm={() => onRestore(revision)}
        />
      )}
    </li>
  );
}

/** Every published version, newest first, with who published it, when and what changed. */
export function HistorySection({ currentVersion, unpublished, busy, onRestore }: HistorySectionProps) {
  const revisions = useRevisions();
  const list = revisions.data?.pages.flat() ?? [];
  return (
    <ContentSection
      id="section-history"
      lead="Each published version. Restoring one publishes its content again."
    >
      {revisions.isPending ? (
        <Spinner label="Loading the history..." showLabel />
      ) : revisions.isError && list.length === 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">The history could not be loaded.</p>
          <p className="mt-1">{messageOf(revisions.error)}</p>
          <button
            type="button"
            onClick={() => void revisions.refetch()}
            className="mt-3 min-h-11 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white"
          >
            Try again
          </button>
        </div>
      ) : (
        <div>
          <ol aria-label="Versions, newest first">
            {list.map((revision) => (
              <RevisionItem
                key={revision.id}
                revision={revision}
                current={revision.version === currentVersion}
                unpublished={unpublished}
                busy={busy}
                onRestore={onRestore}
              />
            ))}
          </ol>
          {revisions.hasNextPage && (
            <button
              type="button"
              disabled={revisions.isFetchingNextPage}
              onClick={() => void revisions.fetchNextPage()}
              className="mt-4 min-h-11 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-ink hover:bg-slate-100"
            >
              {revisions.isFetchingNextPage ? 'Loading...' : 'Show older versions'}
            </button>
          )}
        </div>
      )}
    </ContentSection>
  );
}
