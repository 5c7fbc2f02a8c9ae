import crypto from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import {
  topPagesLimit,
  type AnalyticsSources,
  type AnalyticsStats,
  type TimelineEntry,
} from '#common/analytics/analytics.ts';
import { selectRows, type Database } from '../db/client.ts';
import { analyticsDayVisitors, analyticsSalts } from '../db/schema.ts';
import { addDays } from './london.ts';
import type { PageView } from './page-view.ts';

/**
 * The secret salt of a London day, created by whichever server process needs it first. Salts of
 * earlier days are deleted as soon as a new day's exists, and with them any way to link a
 * visitor id to the same visitor on another day; so are the unique-visitor records of days past.
 */
export async function saltForDay(db: Database, day: string): Promise<Buffer> {
  await db
    .insert(analyticsSalts)
    .values({ day, salt: crypto.randomBytes(32) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(eq(analyticsSalts.day, day));
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
  // Yesterday's are kept a little: views buffered just before midnight are stored just after.
  await db.delete(analyticsDayVisitors).where(lt(analyticsDayVisitors.day, addDays(day, -1)));
  return row!.salt;
}

/**
 * Stores a batch of page views and brings the daily rollups up to date, in one statement (one
 * transaction, one round trip). A visitor counts as unique for a path, and for the day, the
 * first time they are seen there: the visitor records are read as they were before the statement.
 */
export async function recordPageViews(db: Database, views: readonly PageView[]): Promise<void> {
  if (views.length === 0) return;
  await db.execute(sql`
    with view as (
      select * from jsonb_to_recordset(${JSON.stringify(views)}::jsonb) as v(
        "occurredAt" timestamptz, day date, path text, "referrerHost" text, "utmSource" text,
        "utmMedium" text, "utmCampaign" text, device text, "visitorId" text)
    ),
    stored as (
      insert into page_views (occurred_at, day, path, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_id)
      select "occurredAt", day, path, "referrerHost", "utmSource", "utmMedium", "utmCampaign", device, "visitorId" from view
    ),
    first_seen as (
      insert into analytics_day_visitors (day, visitor_id, path)
      select distinct day, "visitorId", path from view
      on conflict do nothing
      returning day, visitor_id, path
    ),
    new_on_path as (
      select day, path, count(*) as visitors from first_seen group by day, path
    ),
    new_on_site as (
      select day, count(distinct visitor_id) as visitors from first_seen seen
      where not exists (
        select 1 from analytics_day_visitors earlier
        where earlier.day = seen.day and earlier.visitor_id = seen.visitor_id
      )
      group by day
    ),
    paths as (
      insert into page_view_daily (day, path, visits, unique_visitors)
      select view.day, view.path, count(*), coalesce(max(new_on_path.visitors), 0)
      from view left join new_on_path using (day, path)
      group by view.day, view.path
      on conflict (day, path) do update set
        visits = page_view_daily.visits + excluded.visits,
        unique_visitors = page_view_daily.unique_visitors + excluded.unique_visitors
    ),
    days as (
      insert into analytics_days (day, visits, unique_visitors)
      select view.day, count(*), coalesce(max(new_on_site.visitors), 0)
      from view left join new_on_site using (day)
      group by view.day
      on conflict (day) do update set
        visits = analytics_days.visits + excluded.visits,
        unique_visitors = analytics_days.unique_visitors + excluded.unique_visitors
    ),
    referrers as (
      insert into referrer_daily (day, host, visits)
      select day, "referrerHost", count(*) from view where "referrerHost" is not null group by 1, 2
      on conflict (day, host) do update set visits = referrer_daily.visits + excluded.visits
    )
    insert into campaign_daily (day, source, medium, campaign, visits)
    select day, "utmSource", coalesce("utmMedium", ''), coalesce("utmCampaign", ''), count(*)
    from view where "utmSource" is not null group by 1, 2, 3, 4
    on conflict (day, source, medium, campaign) do update set visits = campaign_daily.visits + excluded.visits
  `);
}

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/** The four stat cards and Popular Pages, from the daily rollups only. */
export async function analyticsStats(db: Database, today: string): Promise<AnalyticsStats> {
  const [totals] = await selectRows<Record<'total' | 'uniques' | 'today' | 'week', string | number | null>>(
    db,
    sql`select sum(visits) as total, sum(unique_visitors) as uniques,
          sum(visits) filter (where day = ${today}::date) as today,
          sum(visits) filter (where day > ${today}::date - 7 and day <= ${today}::date) as week
        from analytics_days`,
  );
  const topPages = await selectRows<{ path: string; visits: string | number }>(
    db,
    sql`select path, sum(visits) as visits from page_view_daily
        group by path order by sum(visits) desc, path limit ${topPagesLimit}`,
  );
  return {
    totalVisits: toNumber(totals?.total),
    uniqueVisitors: toNumber(totals?.uniques),
    todayVisits: toNumber(totals?.today),
    weeklyVisits: toNumber(totals?.week),
    topPages: topPages.map((page) => ({ path: page.path, visits: toNumber(page.visits) })),
  };
}

/** One entry per London day of the `days` ending today, oldest first, zero-filled. */
export async function analyticsTimeline(db: Database, today: string, days: number): Promise<TimelineEntry[]> {
  const rows = await selectRows<{ date: string; visits: number; uniqueVisitors: number }>(
    db,
    sql`select to_char(series.day, 'YYYY-MM-DD') as date,
          coalesce(analytics_days.visits, 0) as visits,
          coalesce(analytics_days.unique_visitors, 0) as "uniqueVisitors"
        from generate_series(${addDays(today, 1 - days)}::date, ${today}::date, interval '1 day') as series(day)
        left join analytics_days on analytics_days.day = series.day::date
        order by series.day`,
  );
  return rows.map((row) => ({
    date: row.date,
    visits: toNumber(row.visits),
    uniqueVisitors: toNumber(row.uniqueVisitors),
  }));
}

/** Top referring sites and campaigns over the `days` ending today. */
export async function analyticsSources(db: Database, today: string, days: number): Promise<AnalyticsSources> {
  const from = addDays(today, 1 - days);
  const referrers = await selectRows<{ host: string; visits: string | number }>(
    db,
    sql`select host, sum(visits) as visits from referrer_daily
        where day between ${from}::date and ${today}::date
        group by host order by sum(visits) desc, host limit 10`,
  );
  const campaigns = await selectRows<{
    source: string;
    medium: string;
    campaign: string;
    visits: string | number;
  }>(
    db,
    sql`select source, medium, campaign, sum(visits) as visits from campaign_daily
        where day between ${from}::date and ${today}::date
        group by source, medium, campaign order by sum(visits) desc, source limit 10`,
  );
  return {
    referrers: referrers.map((row) => ({ host: row.host, visits: toNumber(row.visits) })),
    campaigns: campaigns.map((row) => ({
      source: row.source,
      medium: row.medium || null,
      campaign: row.campaign || null,
      visits: toNumber(row.visits),
    })),
  };
}
