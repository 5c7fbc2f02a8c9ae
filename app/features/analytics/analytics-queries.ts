import { useQuery } from '@tanstack/react-query';
import {
  analyticsRefetchMs,
  type AnalyticsSources,
  type AnalyticsStats,
  type TimelineEntry,
  type TimelineRange,
} from '#common/analytics/analytics.ts';
import { apiRequest } from '#app/lib/api.ts';

const analyticsStatsQueryKey = ['/api/analytics/stats'] as const;
const analyticsTimelineQueryKey = (range: TimelineRange) => ['/api/analytics/timeline', range] as const;
const analyticsSourcesQueryKey = (range: TimelineRange) => ['/api/analytics/sources', range] as const;

/** The visit totals, refreshed every 30 seconds. */
export function useAnalyticsStats() {
  return useQuery<AnalyticsStats>({
    queryKey: analyticsStatsQueryKey,
    refetchInterval: analyticsRefetchMs,
  });
}

/** Visits per day over `range` days; the previous range stays on screen while a new one loads. */
export function useAnalyticsTimeline(range: TimelineRange) {
  return useQuery<TimelineEntry[]>({
    queryKey: analyticsTimelineQueryKey(range),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/analytics/timeline?days=${range}`, undefined, { signal }),
    refetchInterval: analyticsRefetchMs,
    placeholderData: (previous) => previous,
  });
}

/** Where visitors came from over `range` days; the previous range stays on screen while a new one loads. */
export function useAnalyticsSources(range: TimelineRange) {
  return useQuery<AnalyticsSources>({
    queryKey: analyticsSourcesQueryKey(range),
    queryFn: ({ signal }) => apiRequest('GET', `/api/analytics/sources?days=${range}`, undefined, { signal }),
    refetchInterval: analyticsRefetchMs,
    placeholderData: (previous) => previous,
  });
}
