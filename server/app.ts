import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import { createRequestHandler } from 'react-router';
import {
  databaseUnreachableMessage,
  unavailableOnlineMessage,
  unavailableRetryAfterSeconds,
} from '#common/http/outage.ts';
import type { ServerContext } from '#common/pages/load-context.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { apiErrorHandler, apiNotFound } from './http/errors.ts';
import { bookingUnavailableText, customersToldToCall, lastKnown, unavailableWithout } from './http/outage.ts';
import { isDatabaseUnreachable } from './db/unreachable.ts';
import { assetHeaders, precompressedAssets } from './http/precompressed-assets.ts';
import { answerKeptReadsFirst } from './http/kept-reads.ts';
import { logSentResponse, requestLog } from './http/request-log.ts';
import { securityHeaderList, securityHeaders, type SecurityOptions } from './http/security.ts';
import { tokenRouteHeaders } from './http/token-routes.ts';
import type { SsrSource } from './http/ssr.ts';
import type { Logger } from './logger.ts';
import { clientBuildDir } from './paths.ts';
import { currentUser, requireUser as requireUserGuard, type AuthDependencies } from './auth/guard.ts';
import { authRouter } from './auth/routes.ts';
import { accountsRouter } from './accounts/routes.ts';
import { activityRouter } from './activity/routes.ts';
import { createPageViewRecorder, type PageViewRecorder } from './analytics/recorder.ts';
import {
  adminAnalyticsRouter,
  publicAnalyticsRouter,
  type AnalyticsDependencies,
} from './analytics/routes.ts';
import { adminEnquiriesRouter, publicEnquiriesRouter } from './enquiries/routes.ts';
import { submitEnquiry, type EnquirySubmission } from './enquiries/submit.ts';
import { mediaHandler } from './images/media.ts';
import {
  adminBookingsRouter,
  firstBookingWrite,
  keptAvailability,
  publicBookingsRouter,
} from './bookings/routes.ts';
import { availability } from './bookings/availability.ts';
import { bookingOfferOf } from '#common/bookings/slots.ts';
import { cancelByCustomer, manageBooking } from './bookings/customer-link.ts';
import type { BookingDependencies } from './bookings/dependencies.ts';
import { submitBooking } from './bookings/store.ts';
import { imagesRouter } from './images/routes.ts';
import { jobsRouter, keptJobReads } from './jobs/routes.ts';
import { remindersRouter } from './reminders/routes.ts';
import { resubscribe, subscriptionOf, unsubscribe } from './reminders/unsubscribe.ts';
import { keptSearches } from './tyres/kept-search.ts';
import { keptSearch, publicTyresRouter } from './tyres/routes.ts';
import { createSessionMemory } from './auth/sessions.ts';
import { createJobReads } from './jobs/reads.ts';
import { forgetCatalogue, offerOf, searchTyres, sizesOnOffer } from './tyres/offers.ts';
import { stockedSizes } from './tyres/catalogue.ts';
import { staffTyresRouter } from './tyres/staff-routes.ts';
import { tyreHoldsRouter } from './tyres/hold-routes.ts';
import { uploadedSlotImages } from './images/service.ts';
import { servicesRouter } from '#server/site-content/services-routes.ts';
import { privacyRouter } from './privacy/routes.ts';
import { notificationAddresses } from './notifications/addresses.ts';
import { outboxRouter } from './notifications/routes.ts';
import { siteContentRouter } from '#server/site-content/routes.ts';
import {
  contentForPages,
  createSiteContentStore,
  type SiteContentStore,
} from '#server/site-content/store.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { siteSettingsWith, type SiteSettings } from '#common/site-content/site-settings.ts';
import type { PageCache } from './pages/page-cache.ts';
import { pageHandler } from './pages/page-handler.ts';
import { staffPages } from './pages/staff-pages.ts';
import { backgroundTasksRouter } from './tasks/routes.ts';
import { createTaskRunner, type TaskRunner } from './tasks/runner.ts';
import { tyreImportTask } from './tyres/import-task.ts';
import { systemClock, type Clock } from './clock.ts';
import { settingsRouter } from './settings/routes.ts';
import { createSettingsStore, type SettingsStore } from './settings/store.ts';

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
  staffMemories?: ReturnType<typeof createStaffMemories>;
  /** The background tasks (tasks/runner.ts); without them, a runner of those the routes ask for. */
  tasks?: TaskRunner;
};

/**
 * What a process keeps in memory of its staff's data between changes: live sessions, and the
 * jobs' days and vehicles' histories made with the published content of `siteContent`. Kept only
 * once watched (db/staff-data.ts, watchStaffData).
 */
export function createStaffMemories(db: DatabaseHandle['db'], siteContent: SiteContentStore) {
  return {
    sessions: createSessionMemory(),
    jobs: createJobReads({ db, content: async () => (await siteContent.published()).content }),
    tyres: keptSearches(db),
  };
}

/** JSON bodies of the API are small; uploads (multipart) have their own limit. */
export const jsonBodyLimit = '100kb';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
    onQueued: () => notifications?.wake(),
  };
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

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
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
  });

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

  const api = express.Router();
  api.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    // A change made through this process is forgotten here as it is answered, not a moment later
    // when the database's announcement of it arrives (PostgreSQL sends it on another connection):
    // a session ended or an account disabled is refused from the very next request.
    if (staffMemories && unsafeMethods.has(req.method)) {
      res.once('finish', () => {
        staffMemories.sessions.forget();
        staffMemories.jobs.forget();
      });
    }
    next();
  });
  const contentChanged = () => pageCache?.invalidate();
  // Routes with a body cap of their own come before the general JSON parser.
  api.use(siteContentRouter(database.db, siteContent, requireUser, contentChanged));
  api.use(publicEnquiriesRouter(enquirySubmission));
  api.use(publicBookingsRouter(booking));
  api.use(publicTyresRouter(booking));
  api.use(tyreHoldsRouter({ db: database.db, clock }, requireUser));
  api.use(
    staffTyresRouter({
      db: database.db,
      settings: booking.settings,
      requireUser,
      changed: contentChanged,
      tasks,
    }),
  );
  api.use(customersToldToCall(contact));
  api.use(publicAnalyticsRouter(analytics));
  api.use(express.json({ limit: jsonBodyLimit }));
  api.use(servicesRouter(database.db, siteContent));
  api.use(authRouter(auth));
  api.use(
    accountsRouter({
      ...auth,
      requireUser,
      requireAnyUser,
      requireUserBeforeTwoFactor: requireUserGuard(auth, { allowBeforeTwoFactor: true, allowFitters: true }),
      issuer: async () => siteSettingsWith(config.site, (await siteContent.published()).content).companyName,
    }),
  );
  api.use(activityRouter(database.db, requireUser));
  api.use('/enquiries', adminEnquiriesRouter(database.db, requireUser));
  api.use(adminBookingsRouter(booking, requireUser));
  api.use(
    jobsRouter(
      {
        db: database.db,
        clock,
        content: booking.content,
        settings: booking.settings,
        onQueued: booking.onQueued,
        onBookingChanged: () => forgetCatalogue(database.db),
        reportDelayMs: config.jobReportDelayMs,
      },
      { requireUser, requireAnyUser, ...(staffMemories && { reads: staffMemories.jobs }) },
    ),
  );
  api.use('/analytics', adminAnalyticsRouter(analytics, requireUser));
  api.use(privacyRouter(database.db, requireUser, clock));
  api.use(
    remindersRouter(
      {
        db: database.db,
        clock,
        reminderSettings: async () => (await settings.inForce()).reminders,
        wake: () => notifications?.wake(),
      },
      requireUser,
    ),
  );
  api.use(
    outboxRouter(
      {
        db: database.db,
        mailConfigured: config.smtpUrl !== undefined,
        addresses: notificationAddresses(config, siteContent, booking.settings),
        publicUrl: config.publicUrl,
        wake: () => notifications?.wake(),
      },
      requireUser,
    ),
  );
  api.use(imagesRouter(database.db, requireUser, contentChanged));
  api.use(
    settingsRouter(
      { db: database.db, store: settings, changed: (pages) => pageCache?.invalidatePages(pages) },
      requireUser,
    ),
  );
  api.use(backgroundTasksRouter(tasks, requireUser));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  app.use('/api', api);

  if (ssr?.devMiddleware) app.use(ssr.devMiddleware);
  if (fs.existsSync(clientBuildDir)) {
    // File names under /assets carry a content hash, so they never change: browsers keep them a
    // year without asking again, and the validators (ETag, Last-Modified) and range support
    // would be bytes sent with each of a page's files for nothing.
    app.use(
      '/assets',
      assetHeaders,
      precompressedAssets(path.join(clientBuildDir, 'assets')),
      express.static(path.join(clientBuildDir, 'assets'), {
        // A year, never revalidated; without `public`, which only matters for answers to
        // requests with credentials (a response of its own is cached by shared caches anyway).
        cacheControl: false,
        setHeaders: (res) => res.setHeader('Cache-Control', 'max-age=31536000, immutable'),
        etag: false,
        lastModified: false,
        acceptRanges: false,
        fallthrough: false,
      }),
    );
    app.use(express.static(clientBuildDir, { maxAge: '1h', index: false }));
  }

  // The pictures the pages show, as last read: kept for pages rendered while the database is down.
  const uploadedSlots = lastKnown(() => uploadedSlotImages(database.db), {});
  const bookingPage = <Args extends unknown[], Result>(read: (...args: Args) => Promise<Result>) =>
    unavailableWithout(read, bookingUnavailableText);
  const unsubscribePage = <Args extends unknown[], Result>(read: (...args: Args) => Promise<Result>) =>
    unavailableWithout(read, unsubscribeUnavailableText);

  if (ssr) {
    app.all(
      '/{*path}',
      pageHandler({
        render: createRequestHandler(ssr.build, config.nodeEnv),
        cache: pageCache,
        secure: config.publicUrl.startsWith('https:'),
        loadContext: async (req, res, showSplash): Promise<ServerContext> => {
          const [{ content }, inForce] = await Promise.all([siteContent.published(), settings.inForce()]);
          return {
            site: siteSettingsWith(config.site, content),
            ...contentForPages(content),
            publicUrl: config.publicUrl,
            gaMeasurementId: config.gaMeasurementId,
            enquiryRetentionMonths: config.enquiryRetentionMonths,
            cspNonce: res.locals.cspNonce,
            showSplash,
            enquiries: {
              submit: async (form) => {
                try {
                  return await submitEnquiry(enquirySubmission, form, req.ip);
                } catch (error) {
                  if (!isDatabaseUnreachable(error)) throw error;
                  req.log.warn({ err: error }, 'database unreachable: customer told to call');
                  return {
                    status: 503,
                    error: unavailableOnlineMessage('enquiries', await contact()),
                    retryAfterSeconds: unavailableRetryAfterSeconds,
                  };
                }
              },
            },
            bookings: {
              offer: bookingOfferOf(inForce.booking),
              availability: bookingPage((query) => availability(booking, query)),
              submit: bookingPage((form) => submitBooking(booking, form, req.ip)),
              manage: bookingPage((token) => manageBooking(booking, token)),
              cancel: bookingPage((token) => cancelByCustomer(booking, token)),
            },
            tyres: {
              sizes: bookingPage(() => sizesOnOffer(database.db)),
              stockedSizes: bookingPage(() => stockedSizes(database.db)),
              search: bookingPage((search) => searchTyres(booking, search)),
              offer: bookingPage((id, quantity) => offerOf(booking, id, quantity)),
            },
            reminders: {
              subscription: unsubscribePage((token) => subscriptionOf(database.db, token)),
              unsubscribe: unsubscribePage((token) => unsubscribe(database.db, token, clock())),
              resubscribe: unsubscribePage((token) => resubscribe(database.db, token)),
            },
            images: { uploadedSlots: () => uploadedSlots(res) },
            staff: {
              currentUser: unavailableWithout(() => currentUser(req, auth), databaseUnreachableMessage),
            },
          };
        },
      }),
    );
  }

  app.use(pageErrorHandler(contact));
  return app;
}

const unsubscribeUnavailableText =
  'Unsubscribing is not available just now. Please try again in a few minutes, or reply to the e-mail and we will do it for you.';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Last resort outside the API: a plain page, never a stack trace, with the phone number and
 * e-mail address (a database that cannot be reached is a 503).
 */
const pageErrorHandler =
  (contact: () => Promise<SiteSettings>): ErrorRequestHandler =>
  (error: Error & { status?: number }, req, res, _next) => {
    const unreachable = isDatabaseUnreachable(error);
    const status = unreachable
      ? 503
      : error.status && error.status >= 400 && error.status < 500
        ? error.status
        : 500;
    if (status === 500) req.log.error({ err: error }, 'unexpected error');
    if (unreachable) req.log.warn({ err: error }, 'database unreachable');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 404) {
      res
        .status(404)
        .type('html')
        .send('<!doctype html><title>404 Page Not Found</title><h1>404 Page Not Found</h1>');
      return;
    }
    void contact().then((site) => {
      if (unreachable) res.setHeader('Retry-After', String(unavailableRetryAfterSeconds));
      const phone = escapeHtml(site.formattedPhone);
      const email = escapeHtml(site.email);
      res
        .status(status)
        .type('html')
        .send(
          '<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1>' +
            `<p>Please try again later, or call us on <a href="tel:${escapeHtml(site.phone)}">${phone}</a>` +
            ` or e-mail <a href="mailto:${email}">${email}</a>.</p>`,
        );
    });
  };
