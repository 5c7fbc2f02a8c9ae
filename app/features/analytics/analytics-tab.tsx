import { lazy, Suspense, useState } from 'react';
import {
  defaultTimelineRange,
  timelineRanges,
  weeklyTrendPercent,
  type TimelineEntry,
  type TimelineRange,
} from '#common/analytics/analytics.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  chartHeightPx,
  EmptyNote,
  noDataText,
  Panel,
  PopularPages,
  Sources,
  StatCard,
} from './analytics-panels.tsx';
import { useAnalyticsSources, useAnalyticsStats, useAnalyticsTimeline } from './analytics-queries.ts';

// The chart library is the largest part of the dashboard: fetched when the chart is needed.
const VisitorChart = lazy(() => import('./visitor-chart.tsx'));

const failedAnalytics = 'Failed to load analytics data';
const failedTimeline = 'Failed to load timeline data';

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-center text-sm font-semibold text-red-800">
      {text}
    </p>
  );
}

/** The weekly trend: green with a plus sign from 0 up, red below. */
function WeeklyTrend({ timeline }: { timeline: TimelineEntry[] }) {
  const trend = weeklyTrendPercent(timeline);
  return (
    <p className="text-sm text-slate-600">
      This week against the week before:{' '}
      <span
        className={`font-bold ${trend >= 0 ? 'text-brand-dark' : 'text-red-700'}`}
        data-testid="weekly-trend"
      >
        {trend >= 0 ? '+' : ''}
        {trend}%
      </span>
    </p>
  );
}

function RangeButtons({
  value,
  onChange,
}: {
  value: TimelineRange;
  onChange: (range: TimelineRange) => void;
}) {
  return (
    <div role="group" aria-label="Timeline range" className="inline-flex rounded-lg bg-slate-100 p-1">
      {timelineRanges.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={range === value}
          onClick={() => onChange(range)}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-600 transition aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow-sm"
        >
          {range} days
        </button>
      ))}
    </div>
  );
}

/** The Analytics tab, refreshed every 30 seconds. */
export function AnalyticsTab() {
  const [range, setRange] = useState<TimelineRange>(defaultTimelineRange);
  const stats = useAnalyticsStats();
  const timeline = useAnalyticsTimeline(range);
  const sources = useAnalyticsSources(range);

  if (stats.isPending) return <Spinner label="Loading visitor numbers..." showLabel />;
  if (stats.isError) return <Failure text={failedAnalytics} />;
  const hasData = stats.data.totalVisits > 0;

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Total Visits" value={stats.data.totalVisits} />
        <StatCard label="Unique Visitors" value={stats.data.uniqueVisitors} />
        <StatCard label="Today's Visits" value={stats.data.todayVisits} />
        <StatCard label="This Week" value={stats.data.weeklyVisits} />
      </div>

      <Panel title="Visitor Timeline">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {timeline.data ? <WeeklyTrend timeline={timeline.data} /> : <span />}
          <RangeButtons value={range} onChange={setRange} />
        </div>
        {timeline.isError ? (
          <Failure text={failedTimeline} />
        ) : !hasData ? (
          <EmptyNote text={noDataText} />
        ) : timeline.data ? (
          <Suspense fallback={<div style={{ height: chartHeightPx }} />}>
            <VisitorChart timeline={timeline.data} />
          </Suspense>
        ) : (
          <div style={{ height: chartHeightPx }} />
        )}
        <p className="mt-4 rounded-lg bg-brand-light/60 p-3 text-sm text-slate-700">
          <strong>Tip:</strong> to judge an advert, leaflet drop or social post, compare the days after it
          started with the weeks before. A rise in visits (and unique visitors) that begins when the campaign
          begins is a good sign it is working; Sources below shows which links and tagged adverts brought
          people in.
        </p>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Popular Pages">
          <PopularPages pages={stats.data.topPages} />
        </Panel>
        <Panel title="Sources">
          {sources.data ? (
            <Sources sources={sources.data} />
          ) : sources.isError ? (
            <Failure text={failedAnalytics} />
          ) : null}
        </Panel>
      </div>
    </div>
  );
}
