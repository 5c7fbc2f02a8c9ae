/** Longest page path counted. */
export const analyticsPathMaxLength = 512;

/** Timeline ranges in days; the dashboard opens on 30. */
export const timelineRanges = [7, 30, 90] as const;
export type TimelineRange = (typeof timelineRanges)[number];
export const defaultTimelineRange: TimelineRange = 30;

/** How many pages Popular Pages lists. */
export const topPagesLimit = 10;

/** Analytics stats and timeline are refetched this often. */
export const analyticsRefetchMs = 30_000;

/** Paths that are never counted: the staff area, the staff-only hero page included. */
export function isUntrackedPath(path: string): boolean {
  return /^\/(admin|auth|update-hero(\/|$))/i.test(path);
}

/** GET /api/analytics/stats (docs/features.md, Visitor analytics). */
export type AnalyticsStats = {
  totalVisits: number;
  /** The sum of each day's unique visitors: the cookieless count cannot link one day to the next. */
  uniqueVisitors: number;
  todayVisits: number;
  /** The last seven London days, today included. */
  weeklyVisits: number;
  topPages: { path: string; visits: number }[];
};

/** One London day of GET /api/analytics/timeline, oldest first, days without visits included. */
export type TimelineEntry = { date: string; visits: number; uniqueVisitors: number };

/** GET /api/analytics/sources: where visitors came from over the same range as the timeline. */
export type AnalyticsSources = {
  referrers: { host: string; visits: number }[];
  campaigns: { source: string; medium: string | null; campaign: string | null; visits: number }[];
};

/**
 * The weekly trend: the last 7 entries against the 7 before, in per cent,
 * rounded to one decimal. 0 when the week before had no visits.
 */
export function weeklyTrendPercent(timeline: readonly TimelineEntry[]): number {
  const visits = (entries: readonly TimelineEntry[]) => entries.reduce((sum, entry) => sum + entry.visits, 0);
  const lastWeek = visits(timeline.slice(-7));
  const weekBefore = visits(timeline.slice(-14, -7));
  if (weekBefore === 0) return 0;
  return Math.round(((lastWeek - weekBefore) / weekBefore) * 1000) / 10;
}
