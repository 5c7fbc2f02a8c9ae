import compression from 'compression';
import express, { type Express, type Request, type Response } from 'express';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { answerKeptReadsFirst } from './http/kept-reads.ts';
import { logSentResponse, requestLog } from './http/request-log.ts';
import { securityHeaderList, securityHeaders, type SecurityOptions } from './http/security.ts';
import { tokenRouteHeaders } from './http/token-routes.ts';
import type { SsrSource } from './http/ssr.ts';
import type { Logger } from './logger.ts';
import { requireUser as requireUserGuard, type AuthDependencies } from './auth/guard.ts';
import { createPageViewRecorder, type PageViewRecorder } from './analytics/recorder.ts';
import { type AnalyticsDependencies } from './analytics/routes.ts';
import { type EnquirySubmission } from './enquiries/submit.ts';
import { mediaHandler } from './images/media.ts';
import { firstBookingWrite, keptAvailability } from './bookings/routes.ts';
import type { BookingDependencies } from './bookings/dependencies.ts';
import { keptJobReads } from './jobs/routes.ts';
import { bookingTyres } from './tyres/booking-tyres.ts';
import { keptSearch } from './tyres/routes.ts';
import { keptVehicleReads } from './vehicles/routes.ts';
import { createSiteContentStore, type SiteContentStore } from '#server/site-content/store.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { siteSettingsWith, type SiteSettings } from '#common/site-content/site-settings.ts';
import type { PageCache } from './pages/page-cache.ts';
import { staffPages } from './pages/staff-pages.ts';
import { createTaskRunner, type TaskRunner } from './tasks/runner.ts';
import { tyreImportTask } from './tyres/import-task.ts';
import { systemClock, type Clock } from './clock.ts';
import { apiRouter } from './api.ts';
import { servePages } from './pages/serve-pages.ts';
import { createSettingsStore, type SettingsStore } from './settings/store.ts';
import { bookingPayments } from './payments/booking-payments.ts';
import { messagesDependencies } from './messages/routes.ts';
import { plausibleToken } from './bookings/customer-link.ts';
import { paymentsDependencies } from './payments/setup.ts';
import { payByTextRouter } from './payments/routes.ts';
import type { PaymentsDependencies } from './payments/dependencies.ts';
import type { AppParts, StaffMemories } from './app-parts.ts';
import { motHistoryApplied } from './reminders/mot-history.ts';
import { serviceNotesIn } from './db/service-checks.ts';
import { vehicleData, type VehicleData } from './vehicles/setup.ts';

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Server rendering of the pages; without it only the API and health checks are served. */
  ssr?: SsrSource;
  /** Set while the process drains for shutdown: readiness fails and connections are not kept. */
  isShuttingDown?: () => boolean;
  /** Told when a notification has been queued, so that it is sent at once. */
  notifications?: { wake(): void };
  /** The product's clock (clock.ts); tests move it to check dates, expiry and throttling windows. */
  clock?: Clock;
  /** Where counted page views go (batched); made here when not given. */
  pageViews?: PageViewRecorder;
  /**
   * Rendered anonymous public pages (see pages/page-handler.ts); without it every page is
   * rendered. Whoever gives it keeps it true to the database (pages/content-changes.ts).
   */
  pageCache?: PageCache;
  /**
   * This process's copy of the published site content; made here (seeded from the SITE_*
   * settings) when not given. Whoever gives it keeps it true to the database.
   */
  siteContent?: SiteContentStore;
  /**
   * This process's copy of the business's settings; made here when not given. Whoever gives it
   * keeps it true to the database (settings/changes.ts).
   */
  settings?: SettingsStore;
  /**
   * Live sessions and the jobs' reads kept in memory between changes; without them each is a
   * query. Whoever gives them keeps them true to the database (db/staff-data.ts).
   */
  staffMemories?: StaffMemories;
  /** The background tasks (tasks/runner.ts); without them, a runner of those the routes ask for. */
  tasks?: TaskRunner;
  /** Vehicle data from the DVLA and the DVSA (vehicles/setup.ts); made here from the config when not given. */
  vehicles?: VehicleData;
};

export function createApp({
  config,
  database,
  logger,
  ssr,
  isShuttingDown = () => false,
  notifications,
  clock = systemClock,
  pageViews = createPageViewRecorder({ db: database.db, logger }),
  pageCache,
  siteContent = createSiteContentStore(database.db, () => seedSiteContent(config.site)),
  settings = createSettingsStore(database.db, siteContent),
  staffMemories,
  tasks = createTaskRunner({ database, logger, clock, tasks: [tyreImportTask(database.db)] }),
  vehicles = appVehicleData({ config, database, logger, clock, settings }),
}: AppDependencies) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const booking: BookingDependencies = {
    db: database.db,
    logger,
    // Counted apart from enquiries: a customer who asked a question can still book.
    limit: { ...config.enquiryRateLimit, scope: 'booking' },
    clock,
    content: async () => (await siteContent.published()).content,
    settings: () => settings.inForce(),
    settingsNow: () => settings.now(),
    publicUrl: config.publicUrl,
    tyres: bookingTyres,
    onQueued: () => notifications?.wake(),
    // A booked vehicle's MOT history is read once the booking is stored, afresh once it is completed.
    vehicles: { named: (registration, options) => vehicles.mot.inBackground(registration, options) },
    routing: appRouting({ config, database, logger, clock }),
  };
  const payments = paymentsDependencies({
    config,
    db: database.db,
    logger,
    clock,
    publicUrl: config.publicUrl,
    content: booking.content,
    settings: booking.settings,
    onQueued: booking.onQueued,
  });
  if (payments.stripe) booking.payments = bookingPayments(payments);
  const messages = messagesDependencies(config, database.db);
  booking.texts = messages.twilio !== null;
  payments.texts = booking.texts;
  const security: SecurityOptions = {
    https: config.publicUrl.startsWith('https:'),
    enforceCsp: !ssr?.devMiddleware,
    googleAnalytics: config.gaMeasurementId !== null,
  };
  // The phone number and e-mail address of the published content (held in memory), else of the
  // SITE_* settings: what customers are told to use while the database cannot be reached.
  const contact = async (): Promise<SiteSettings> => {
    try {
      return siteSettingsWith(config.site, (await siteContent.published()).content);
    } catch {
      return config.site;
    }
  };

  const auth: AuthDependencies = {
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
    ...(staffMemories && { sessions: staffMemories.sessions }),
  };
  answerKeptReadsFirst(
    app,
    [
      keptSearch(booking),
      keptAvailability(booking),
      ...(staffMemories ? keptJobReads({ clock }, auth, staffMemories.jobs) : []),
      ...(staffMemories ? keptVehicleReads(auth, staffMemories.vehicles) : []),
    ],
    {
      securityHeaders: securityHeaderList(security),
      log: (req, res, started) => logSentResponse(logger, req, res, started),
      logger,
      isShuttingDown,
    },
    [firstBookingWrite(booking, contact)],
  );
  app.use(requestLog(logger));
  app.use((_req, res, next) => {
    if (isShuttingDown()) res.setHeader('Connection', 'close');
    next();
  });
  app.use(securityHeaders(security));
  app.use(compression());
  app.use(staffPages);
  app.use(tokenRouteHeaders);

  healthChecks(app, database, isShuttingDown);

  const enquirySubmission: EnquirySubmission = {
    db: database.db,
    logger,
    limit: config.enquiryRateLimit,
    onStored: () => notifications?.wake(),
    coveredDistricts: async () => (await siteContent.published()).content.areas.coveredDistricts,
    clock,
  };
  const requireUser = requireUserGuard(auth);
  const requireAnyUser = requireUserGuard(auth, { allowFitters: true });
  const analytics: AnalyticsDependencies = {
    db: database.db,
    clock,
    recorder: pageViews,
    ownHosts: [new URL(config.publicUrl).hostname],
    perClientPerMinute: config.analyticsRateLimit,
  };

  // Uploaded pictures, by content hash: cached by browsers for a year.
  app.get('/media/:file', mediaHandler(database.db));
  shortLinks(app, payments);

  const parts: AppParts = {
    ...{ config, database, logger, clock, ssr, notifications, pageCache, siteContent, settings },
    ...{ staffMemories, tasks, booking, payments, messages, vehicles, auth, requireUser, requireAnyUser },
    ...{ enquirySubmission, analytics },
    contact,
  };
  app.use('/api', apiRouter(parts));
  servePages(app, parts);
  return app;
}

/** The short links texts carry: /m/{token}, the manage page with the same token, and its /pay. */
function shortLinks(app: Express, payments: PaymentsDependencies) {
  app.get('/m/:token', (req, res) => {
    const token = String(req.params.token);
    if (!plausibleToken(token)) return void res.status(404).type('text/plain').send('Not found');
    res.redirect(302, `/bookings/manage/${token}`);
  });
  app.use(payByTextRouter(payments));
}

/**
 * Vehicle data from the DVLA and the DVSA, as the app wires it: the MOT history applied through the
 * reminders, and how each service answered kept for the Settings tab (db/service-checks.ts).
 */
function appVehicleData({
  config,
  database,
  logger,
  clock,
  settings,
}: Pick<AppDependencies, 'config' | 'database' | 'logger'> & { clock: Clock; settings: SettingsStore }) {
  const { db } = database;
  return vehicleData({
    config,
    db,
    logger,
    clock,
    settings: () => settings.inForce(),
    apply: motHistoryApplied({
      db,
      clock,
      reminderSettings: async () => (await settings.inForce()).reminders,
    }),
    notes: serviceNotesIn(db),
  });
}

/** Postcodes placed by postcodes.io, drives by OSRM where set up: asked only while routes are kept. */
function appRouting({
  config,
  database,
  logger,
  clock,
}: Pick<AppDependencies, 'config' | 'database' | 'logger'> & { clock: Clock }) {
  const { db } = database;
  return { db, logger, clock, postcodes: config.postcodes, osrm: config.osrm, notes: serviceNotesIn(db) };
}

/** `/healthz` (the process answers) and `/readyz` (and its database does, unless it is draining). */
function healthChecks(app: Express, database: DatabaseHandle, isShuttingDown: () => boolean) {
  app.get('/healthz', processHealth());
  app.get('/readyz', readiness(database, isShuttingDown));
}

/** GET /healthz: the process is up. */
function processHealth() {
  return (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  };
}

/** GET /readyz: the process takes requests, its database answering, and it is not shutting down. */
function readiness(database: DatabaseHandle, isShuttingDown: () => boolean) {
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    try {
      await database.ping();
      res.json({ status: 'ok', database: database.driver });
    } catch (error) {
      req.log.error({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'database unavailable' });
    }
  };
}
