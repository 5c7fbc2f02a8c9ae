import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { isbot } from 'isbot';
import * as z from 'zod/mini';
import { pageViewEventSchema } from '#common/analytics/event.ts';
import { isUntrackedPath, timelineRanges } from '#common/analytics/analytics.ts';
import { withoutTokens } from '#common/http/token-routes.ts';
import type { Database } from '../db/client.ts';
import { clientKey } from '../http/client-key.ts';
import { HttpError } from '../http/errors.ts';
import { parseQuery } from '../http/params.ts';
import { createReadCache } from '../http/read-cache.ts';
import { londonDay } from './london.ts';
import { deviceClass, parseLandingPath, referrerHost, visitorId } from './page-view.ts';
import type { PageViewRecorder } from './recorder.ts';
import { analyticsSources, analyticsStats, analyticsTimeline, saltForDay } from './service.ts';
import { createWindowCounter } from './window-counter.ts';

export type AnalyticsDependencies = {
  db: Database;
  clock: () => Date;
  recorder: PageViewRecorder;
  /** This site's host names: a "referrer" from them is not another site. */
  ownHosts: readonly string[];
  /** Views accepted from one client per minute; more answer 429. */
  perClientPerMinute?: number;
};

/** A page-view event is a few short fields. */
const eventBodyLimit = '4kb';

/** The salt of the current London day, fetched from the database once per day per process. */
function daySalts(db: Database) {
  let cached: { day: string; salt: Promise<Buffer> } | undefined;
  return (day: string) => {
    if (cached?.day !== day) {
      const salt = saltForDay(db, day);
      cached = { day, salt };
      salt.catch(() => (cached = undefined));
    }
    return cached.salt;
  };
}

/** POST /analytics, public: counts a page view without a cookie and without storing the address. */
export function publicAnalyticsRouter(deps: AnalyticsDependencies): Router {
  const router = Router();
  router.post(
    '/analytics',
    express.json({ limit: eventBodyLimit, type: ['application/json', 'text/plain'] }),
    recordPageView(deps),
  );
  return router;
}

/** POST /analytics: the page view counted (204), unless it came from a robot or the staff area. */
function recordPageView(deps: AnalyticsDependencies) {
  const { clock, recorder } = deps;
  const salts = daySalts(deps.db);
  const perClient = createWindowCounter({ max: deps.perClientPerMinute ?? 120, windowMs: 60_000, clock });
  return async (req: Request, res: Response) => {
    const parsed = pageViewEventSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Not a page view.');
    const userAgent = req.get('user-agent') ?? '';
    // Whatever the page sent, a manage or set-up link is stored as its pattern, never its token.
    const parsedLanding = parseLandingPath(parsed.data.path);
    const landing = { ...parsedLanding, path: withoutTokens(parsedLanding.path) };
    // Robots and the staff area are not visitors: answered as if counted, nothing stored.
    if (isbot(userAgent) || isUntrackedPath(landing.path)) {
      res.status(204).end();
      return;
    }
    const client = req.ip ?? 'unknown';
    const limited = perClient.hit(clientKey(client));
    if (limited) {
      res.setHeader('Retry-After', String(limited.retryAfterSeconds));
      throw new HttpError(429, 'Too many page views from this address.');
    }
    const now = clock();
    const day = londonDay(now);
    recorder.add({
      occurredAt: now.toISOString(),
      day,
      ...landing,
      referrerHost: referrerHost(parsed.data.referrer, [...deps.ownHosts, req.hostname]),
      device: deviceClass(userAgent),
      visitorId: visitorId(await salts(day), client, userAgent),
    });
    res.status(204).end();
  };
}

/** `?days=` of the timeline and the sources: one of the ranges the dashboard offers. */
const rangeQuerySchema = z.object({
  days: z.pipe(
    z.enum(
      timelineRanges.map((days) => String(days)),
      `days must be one of ${timelineRanges.join(', ')}.`,
    ),
    z.transform((days: string) => Number(days)),
  ),
});

/** GET /analytics/stats, /analytics/timeline?days=, /analytics/sources?days= for signed-in staff. */
export function adminAnalyticsRouter(deps: AnalyticsDependencies, requireUser: RequestHandler): Router {
  // Every open dashboard asks every 30 s: the same figures are read once, and again only after
  // new views are stored here or a few seconds have passed (views stored by another process).
  const figures: Figures = createReadCache<unknown>({ ttlMs: 5_000 });
  deps.recorder.onStored(() => figures.clear());
  const router = Router();
  router.use(requireUser);
  router.get('/stats', stats(deps, figures));
  router.get('/timeline', timeline(deps, figures));
  router.get('/sources', sources(deps, figures));
  return router;
}

/** The figures the dashboard read last, kept a few seconds. */
type Figures = ReturnType<typeof createReadCache<unknown>>;

/** GET /analytics/stats: the four stat cards and the popular pages. */
function stats({ db, clock }: AnalyticsDependencies, figures: Figures) {
  return async (_req: Request, res: Response) => {
    const today = londonDay(clock());
    res.json(await figures.get(`stats ${today}`, () => analyticsStats(db, today)));
  };
}

/** GET /analytics/timeline?days=: the visits of each London day of the range, oldest first. */
function timeline({ db, clock }: AnalyticsDependencies, figures: Figures) {
  return async (req: Request, res: Response) => {
    const [today, days] = [londonDay(clock()), parseQuery(rangeQuerySchema, req).days];
    res.json(await figures.get(`timeline ${today} ${days}`, () => analyticsTimeline(db, today, days)));
  };
}

/** GET /analytics/sources?days=: the top referring sites and campaigns of the range. */
function sources({ db, clock }: AnalyticsDependencies, figures: Figures) {
  return async (req: Request, res: Response) => {
    const [today, days] = [londonDay(clock()), parseQuery(rangeQuerySchema, req).days];
    res.json(await figures.get(`sources ${today} ${days}`, () => analyticsSources(db, today, days)));
  };
}
