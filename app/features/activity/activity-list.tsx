import { Button } from '#app/components/ui/button.tsx';
import { activityKindLabels, type ActivityEntry } from '#common/accounts/accounts.ts';
import { formatActivityTime } from './activity-format.ts';
import { detailWords } from './activity-words.ts';
import { Fact } from '#app/components/ui/fact.tsx';

/** One entry: when, what, who, to what, the detail, and the client's short hash. */
function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const detail = detailWords(entry.detail);
  return (
    <li className="grid gap-1.5 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <time dateTime={entry.occurredAt} className="text-sm text-slate-600 tabular-nums">
        {formatActivityTime(entry.occurredAt)}
      </time>
      <div className="min-w-0">
        <p className="font-semibold text-ink">{activityKindLabels[entry.kind]}</p>
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <Fact term="Who">{entry.actor ?? 'Not signed in'}</Fact>
          {entry.target && <Fact term="Target">{entry.target}</Fact>}
          {detail && <Fact term="Detail">{detail}</Fact>}
          {entry.client && (
            <Fact term="Client">
              <span className="font-mono text-xs">{entry.client}</span>
            </Fact>
          )}
        </dl>
      </div>
    </li>
  );
}

type ActivityListProps = {
  entries: ActivityEntry[];
  filtered: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last "Load more" failed, if it did. */
  loadMoreError: string | undefined;
  onLoadMore: () => void;
};

/** The entries loaded so far, newest first, and "Load more". */
export function ActivityList({
  entries,
  filtered,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
}: ActivityListProps) {
  if (entries.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {filtered ? 'Nothing matches these filters' : 'No activity yet'}
      </p>
    );
  }
  return (
    <>
      <ol
        aria-label="Activity, newest first"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {entries.map((entry) => (
          <ActivityItem key={entry.id} entry={entry} />
        ))}
      </ol>
      {loadMoreError && (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          Could not load more: {loadMoreError}
        </p>
      )}
      {hasMore && (
        <div className="flex justify-center">
          <Button
            type="button"
            onClick={onLoadMore}
            aria-disabled={loadingMore}
            variant="outline"
            className="px-5"
          >
            {loadingMore ? 'Loading…' : loadMoreError ? 'Try again' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
