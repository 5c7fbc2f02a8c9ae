import express from 'express';
import type { AppParts } from './app-parts.ts';
import { apiErrorHandler, apiNotFound } from './http/errors.ts';
import { customersToldToCall } from './http/outage.ts';
import { requireUser as requireUserGuard } from './auth/guard.ts';
import { authRouter } from './auth/routes.ts';
import { accountsRouter } from './accounts/routes.ts';
import { activityRouter } from './activity/routes.ts';
import { adminAnalyticsRouter, publicAnalyticsRouter } from './analytics/routes.ts';
import { adminEnquiriesRouter, publicEnquiriesRouter } from './enquiries/routes.ts';
import { adminBookingsRouter, publicBookingsRouter } from './bookings/routes.ts';
import { imagesRouter } from './images/routes.ts';
import { invoicePdfFile } from './jobs/invoices.ts';
import { brandLogoPng } from './images/brand-logo.ts';
import { customerJobsRouter, jobsRouter } from './jobs/routes.ts';
import { paymentsRouter, stripeWebhookRouter } from './payments/routes.ts';
import { remindersRouter } from './reminders/routes.ts';
import { messagesRouter, twilioWebhooksRouter } from './messages/routes.ts';
import { motExpiryChange } from './reminders/schedule.ts';
import { vehiclesRouter } from './vehicles/routes.ts';
import { routingRouter } from './routing/routes.ts';
import { publicTyresRouter } from './tyres/routes.ts';
import { forgetCatalogue } from './tyres/offers.ts';
import { staffTyresRouter } from './tyres/staff-routes.ts';
import { tyreHoldsRouter } from './tyres/hold-routes.ts';
import { servicesRouter } from '#server/site-content/services-routes.ts';
import { privacyRouter } from './privacy/routes.ts';
import { notificationAddresses } from './notifications/addresses.ts';
import { outboxRouter } from './notifications/routes.ts';
import { appOutboxMails } from './outbox-mails.ts';
import { siteContentRouter } from '#server/site-content/routes.ts';
import { siteSettingsWith } from '#common/site-content/site-settings.ts';
import { backgroundTasksRouter } from './tasks/routes.ts';
import { settingsRouter } from './settings/routes.ts';

/** Vehicle look-ups from one client per window of the enquiries' limit: a few customers' typing. */
const vehicleLookupsPerWindow = 30;

/** JSON bodies of the API are small; uploads (multipart) have their own limit. */
const jsonBodyLimit = '100kb';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The JSON API under /api: every domain's router, in the order their body limits and guards need
 * (routes with a body cap of their own before the general JSON parser), then 404 and the errors.
 */
export function apiRouter({
  config,
  database,
  clock,
  notifications,
  pageCache,
  siteContent,
  settings,
  staffMemories,
  tasks,
  booking,
  payments,
  messages,
  vehicles,
  auth,
  requireUser,
  requireAnyUser,
  enquirySubmission,
  analytics,
  contact,
}: AppParts): express.Router {
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
        staffMemories.vehicles.forget();
      });
    }
    next();
  });
  const contentChanged = () => pageCache?.invalidate();
  const invoiceLogo = () => brandLogoPng(config.site.logoDark);
  // Routes with a body cap of their own come before the general JSON parser.
  api.use(siteContentRouter(database.db, siteContent, requireUser, contentChanged));
  api.use(publicEnquiriesRouter(enquirySubmission));
  // Stripe's events are checked over their raw body.
  api.use(
    publicBookingsRouter(booking),
    customerJobsRouter({ db: database.db, invoiceLogo }),
    stripeWebhookRouter(payments),
    twilioWebhooksRouter(messages),
  );
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
  api.use(
    paymentsRouter(payments, { requireUser, requireAnyUser }),
    adminBookingsRouter(booking, requireUser),
  );
  api.use(
    jobsRouter(
      {
        db: database.db,
        clock,
        content: booking.content,
        settings: booking.settings,
        onQueued: booking.onQueued,
        onBookingChanged: () => forgetCatalogue(database.db),
        invoiceLogo,
        reportDelayMs: config.jobReportDelayMs,
        publicUrl: config.publicUrl,
        texts: booking.texts,
        // A completed job's vehicle has its MOT history read afresh: the test may be the one just done.
        vehicles: { named: (registration) => vehicles.mot.inBackground(registration, { fresh: true }) },
      },
      { requireUser, requireAnyUser, ...(staffMemories && { reads: staffMemories.jobs }) },
    ),
  );
  api.use(routingRouter(booking, { requireUser, requireAnyUser }));
  const reminders = {
    db: database.db,
    clock,
    reminderSettings: async () => (await settings.inForce()).reminders,
    wake: () => notifications?.wake(),
  };
  api.use(vehiclesApi({ config, database, clock, vehicles, staffMemories }, reminders, requireUser));
  api.use('/analytics', adminAnalyticsRouter(analytics, requireUser));
  api.use(privacyRouter(database.db, requireUser, clock));
  api.use(remindersRouter(reminders, requireUser));
  api.use(messagesRouter(messages, { requireUser, requireAnyUser }));
  api.use(waitingMessagesRouter({ config, database, siteContent, booking, notifications }, requireUser));
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
  return api;
}

/** Vehicles: the public look-up, and their histories, MOT expiry and data for staff (vehicles/routes.ts). */
function vehiclesApi(
  {
    config,
    database,
    clock,
    vehicles,
    staffMemories,
  }: Pick<AppParts, 'config' | 'database' | 'clock' | 'vehicles' | 'staffMemories'>,
  reminders: Parameters<typeof motExpiryChange>[0],
  requireUser: express.RequestHandler,
) {
  return vehiclesRouter(
    {
      db: database.db,
      clock,
      data: vehicles,
      // Counted apart from bookings and enquiries: a form asks once per registration typed.
      lookupLimit: {
        scope: 'vehicle-lookup',
        max: vehicleLookupsPerWindow,
        windowMs: config.enquiryRateLimit.windowMs,
      },
      setMotExpiry: motExpiryChange(reminders),
    },
    { requireUser, ...(staffMemories && { reads: staffMemories.vehicles }) },
  );
}

/** The outbox's waiting messages, for owners (notifications/routes.ts). */
function waitingMessagesRouter(
  {
    config,
    database,
    siteContent,
    booking,
    notifications,
  }: Pick<AppParts, 'config' | 'database' | 'siteContent' | 'booking' | 'notifications'>,
  requireUser: express.RequestHandler,
) {
  const invoiceLogo = () => brandLogoPng(config.site.logoDark);
  return outboxRouter(
    {
      db: database.db,
      mailConfigured: config.smtpUrl !== undefined,
      addresses: notificationAddresses(config, siteContent, booking.settings),
      publicUrl: config.publicUrl,
      mails: appOutboxMails({
        invoicePdf: (invoiceId) => invoicePdfFile(database.db, invoiceId, invoiceLogo),
      }),
      wake: () => notifications?.wake(),
    },
    requireUser,
  );
}
