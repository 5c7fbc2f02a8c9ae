import { sql } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Logger } from './logger.ts';
import { purgeOldActivity } from './activity/service.ts';
import { londonDay } from './analytics/london.ts';
import { purgeRawPageViews } from './analytics/retention.ts';
import { pruneSessions } from './auth/sessions.ts';
import { pruneLoginFailures } from './auth/throttle.ts';
import { purgeExpiredEnquiries } from './enquiries/retention.ts';
import { pruneRateLimitCounters } from './http/rate-limit.ts';
import { clearExpiredInvoiceDetails } from './jobs/privacy.ts';
import { invoicePdfFile } from './jobs/invoices.ts';
import { brandLogoPng } from './images/brand-logo.ts';
import { notificationAddresses } from './notifications/addresses.ts';
import type { Mailer } from './notifications/mailer.ts';
import { outboxTask } from './notifications/outbox-task.ts';
import { appOutboxMails } from './outbox-mails.ts';
import { paymentsDependencies, paymentsTask } from './payments/setup.ts';
import { remindersTask } from './reminders/task.ts';
import { forgetOldPlaces } from './routing/places.ts';
import type { ReminderTexts } from './reminders/send.ts';
import { textsTask } from './messages/texts-task.ts';
import { twilioAccess } from './messages/twilio.ts';
import { dayBeforeTextsTask } from './bookings/day-before-texts.ts';
import type { SettingsStore } from './settings/store.ts';
import type { SiteContentStore } from './site-content/store.ts';
import type { TaskDefinition, TaskFacts } from './tasks/types.ts';
import { tyreImportTask } from './tyres/import-task.ts';
import { pruneVehicleLookups } from './vehicles/lookup.ts';

const hourMs = 60 * 60 * 1000;

/** What reminder texts are written with: the wording, the business's name and its first service. */
const reminderTexts =
  (config: Config, siteContent: SiteContentStore, settings: SettingsStore) =>
  async (): Promise<ReminderTexts> => {
    const { content } = await siteContent.published();
    return {
      wording: (await settings.inForce()).messages.texts,
      businessName: content.business.companyName,
      publicUrl: config.publicUrl,
      tyreService: content.services.find((service) => service.visible)?.slug ?? null,
    };
  };

/**
 * Every background task of the server, each run by the one task runner (tasks/runner.ts) on its
 * schedule or when asked. What a task does lives in its domain; here is what it is given. The
 * embedded database's backups add their own (backups/service.ts).
 */
export function backgroundTasks({
  config,
  database,
  logger,
  clock,
  siteContent,
  settings,
  mailer,
}: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  siteContent: SiteContentStore;
  settings: SettingsStore;
  mailer: Mailer | null;
}): TaskDefinition[] {
  const { db } = database;
  return [
    outboxTask({
      db,
      mailer,
      logger,
      addresses: notificationAddresses(config, siteContent, () => settings.inForce()),
      publicUrl: config.publicUrl,
      mails: appOutboxMails({
        invoicePdf: (invoiceId) => invoicePdfFile(db, invoiceId, () => brandLogoPng(config.site.logoDark)),
      }),
    }),
    ...(config.stripe
      ? [
          paymentsTask(
            paymentsDependencies({
              config,
              db,
              logger,
              clock,
              publicUrl: config.publicUrl,
              content: async () => (await siteContent.published()).content,
              settings: () => settings.inForce(),
            }),
          ),
        ]
      : []),
    ...(config.twilio
      ? [
          textsTask({ db, twilio: twilioAccess(config.twilio)!, logger, publicUrl: config.publicUrl }),
          dayBeforeTextsTask({
            db,
            clock,
            publicUrl: config.publicUrl,
            settings: () => settings.inForce(),
            businessName: async () => (await siteContent.published()).content.business.companyName,
          }),
        ]
      : []),
    remindersTask({
      db,
      reminderSettings: async () => (await settings.inForce()).reminders,
      clock,
      ...(config.twilio && { texts: reminderTexts(config, siteContent, settings) }),
    }),
    tyreImportTask(db),
    {
      // Rate-limit counters, sign-in failures and sessions are only needed for their window; the
      // DVLA's answers for vehicles never booked, for their day.
      name: 'expired-records',
      schedule: 'every hour',
      run: async () => {
        const now = clock();
        await pruneRateLimitCounters(db, new Date(now.getTime() - 24 * hourMs));
        await pruneLoginFailures(db, now);
        await pruneSessions(db, now);
        await pruneVehicleLookups(db, now);
      },
    },
    {
      name: 'enquiry-retention',
      schedule: 'every 24 hours',
      run: async () => {
        const months = config.enquiryRetentionMonths;
        const purged = await purgeExpiredEnquiries(db, { now: clock(), months });
        return purged.enquiries > 0 || purged.notifications > 0 ? { ...purged, months } : undefined;
      },
    },
    {
      // Invoices six years old keep their figures and lose their customer's details.
      name: 'invoice-retention',
      schedule: 'every 24 hours',
      run: async () => counted('invoices', await clearExpiredInvoiceDetails(db, clock())),
    },
    {
      name: 'activity-retention',
      schedule: 'every 24 hours',
      run: async () => counted('entries', await purgeOldActivity(db, clock())),
    },
    {
      // Postcodes' places are asked of postcodes.io again after 90 days (routing/places.ts).
      name: 'place-retention',
      schedule: 'every 24 hours',
      run: async () => counted('places', await forgetOldPlaces(db, clock())),
    },
    {
      name: 'page-view-retention',
      schedule: 'every 24 hours',
      run: async () => {
        const days = config.analyticsRawRetentionDays;
        const views = await purgeRawPageViews(db, { today: londonDay(clock()), days });
        return views > 0 ? { views, days } : undefined;
      },
    },
    ...(database.driver === 'pglite'
      ? [
          {
            // The embedded database gathers no statistics by itself (no autovacuum): without them
            // the planner guesses, and may scan a year of bookings where an index would find a
            // handful.
            name: 'database-statistics',
            schedule: 'every 24 hours',
            run: async () => void (await db.execute(sql`analyze`)),
          } satisfies TaskDefinition,
        ]
      : []),
  ];
}

/** A run's facts when it did something: `{ [name]: count }`; nothing when the count is 0. */
const counted = (name: string, count: number): TaskFacts | undefined =>
  count > 0 ? { [name]: count } : undefined;
