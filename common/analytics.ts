import * as z from 'zod/mini';

/** Longest page path counted (issue: visitor analytics). */
export const analyticsPathMaxLength = 512;

/** Timeline ranges in days (spec section 9); the dashboard opens on 30. */
export const timelineRanges = [7, 30, 90] as const;
export type TimelineRange = (typeof timelineRanges)[number];
export const defaultTimelineRange: TimelineRange = 30;

/** How many pages Popular Pages lists (spec section 9). */
export const topPagesLimit = 10;

/** Analytics stats and timeline are refetched this often (spec section 9). */
export const analyticsRefetchMs = 30_000;

/** Paths that are never counted: the staff area (spec section 7). */
export function isUntrackedPath(path: string): boolean {
  return /^\/(admin|auth)/i.test(path);
}

/**
 * The page-view event the site sends (spec section 3: event and path). `path` may carry the
 * page's query string, from which the campaign (utm_*) fields are read; `referrer` is the page's
 * document.referrer, from which only the host of another site is kept.
 */
export const pageViewEventSchema = z.object({
  event: z.literal('page_view', 'event must be page_view'),
  path: z
    .string('path must be text')
    .check(
      z.minLength(1, 'path is required'),
      z.maxLength(analyticsPathMaxLength, `path must be ${analyticsPathMaxLength} characters or fewer`),
      z.regex(/^\/(?!\/)[^\s\\]*$/, 'path must be a path on this site, starting with /'),
    ),
  referrer: z.optional(z.string().check(z.maxLength(2048))),
});

export type PageViewEvent = z.infer<typeof pageViewEventSchema>;

/** GET /api/analytics/stats (spec section 3, analytics stats). */
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
 * The weekly trend (spec section 2): the last 7 entries against the 7 before, in per cent,
 * rounded to one decimal. 0 when the week before had no visits.
 */
export function weeklyTrendPercent(timeline: readonly TimelineEntry[]): number {
  const visits = (entries: readonly TimelineEntry[]) => entries.reduce((sum, entry) => sum + entry.visits, 0);
  const lastWeek = visits(timeline.slice(-7));
  const weekBefore = visits(timeline.slice(-14, -7));
  if (weekBefore === 0) return 0;
  return Math.round(((lastWeek - weekBefore) / weekBefore) * 1000) / 10;
}
