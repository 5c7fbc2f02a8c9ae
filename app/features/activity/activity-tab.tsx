import { useState } from 'react';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { ActivityFiltersBar } from './activity-filters.tsx';
import { ActivityList } from './activity-list.tsx';
import { noActivityFilters, useActivityLog, type ActivityFilters } from './activity-queries.ts';

/** The Activity section (owners): who did what and when, newest first, by person and by kind. */
export function ActivityTab() {
  const [filters, setFilters] = useState<ActivityFilters>(noActivityFilters);
  const activity = useActivityLog(filters);
  const filtered = filters.actor !== 'all' || filters.kind !== 'all';
  const loadMore = () => {
    // One page at a time: a click while a page is on its way does nothing.
    if (!activity.isFetchingNextPage) void activity.fetchNextPage({ cancelRefetch: false });
  };
  return (
    <section aria-labelledby="activity-log" className="grid min-w-0 gap-4">
      <div className="max-w-3xl">
        <h2 id="activity-log" className="text-xl font-bold text-ink">
          Activity log
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Who did what and when, newest first. Passwords, codes and erased personal data are never recorded.
          The client is a short code for the address a request came from; the address itself is not kept.
        </p>
      </div>
      <ActivityFiltersBar filters={filters} onChange={setFilters} />
      {activity.isPending ? (
        <Spinner label="Loading activity..." showLabel />
      ) : activity.isError && !activity.isFetchNextPageError ? (
        <LoadFailure
          title="Failed to load the activity log"
          detail={messageOf(activity.error)}
          onRetry={() => void activity.refetch()}
        />
      ) : (
        <ActivityList
          entries={activity.data.pages.flat()}
          filtered={filtered}
          hasMore={activity.hasNextPage}
          loadingMore={activity.isFetchingNextPage}
          loadMoreError={activity.isFetchNextPageError ? messageOf(activity.error) : undefined}
          onLoadMore={loadMore}
        />
      )}
    </section>
  );
}
