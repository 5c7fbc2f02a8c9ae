import type { RequestHandler } from 'express';
import type { SiteSettings } from '#common/site-content/site-settings.ts';
import type { AnalyticsDependencies } from './analytics/routes.ts';
import type { AuthDependencies } from './auth/guard.ts';
import { createSessionMemory } from './auth/sessions.ts';
import type { BookingDependencies } from './bookings/dependencies.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { EnquirySubmission } from './enquiries/submit.ts';
import type { SsrSource } from './http/ssr.ts';
import { createJobReads } from './jobs/reads.ts';
import type { Logger } from './logger.ts';
import type { PageCache } from './pages/page-cache.ts';
import type { PaymentsDependencies } from './payments/dependencies.ts';
import type { MessagesDependencies } from './messages/routes.ts';
import type { SettingsStore } from './settings/store.ts';
import type { SiteContentStore } from './site-content/store.ts';
import type { TaskRunner } from './tasks/runner.ts';
import { keptSearches } from './tyres/kept-search.ts';
import { createVehicleReads } from './vehicles/reads.ts';
import type { VehicleData } from './vehicles/setup.ts';

// What app.ts makes of its dependencies, and hands to the API's routers (api.ts) and the pages
// (pages/serve-pages.ts): a module of its own, so that neither imports app.ts back.

/**
 * What a process keeps in memory of its staff's data between changes: live sessions, the jobs'
 * days made with the published content of `siteContent`, and vehicles' histories. Kept only
 * once watched (db/staff-data.ts, watchStaffData).
 */
export type StaffMemories = ReturnType<typeof createStaffMemories>;

export function createStaffMemories(db: DatabaseHandle['db'], siteContent: SiteContentStore) {
  return {
    sessions: createSessionMemory(),
    jobs: createJobReads({ db, content: async () => (await siteContent.published()).content }),
    vehicles: createVehicleReads({ db }),
    tyres: keptSearches(db),
  };
}

/** What the API's routers and the pages are made with: the app's dependencies, and what it made of them. */
export type AppParts = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  ssr?: SsrSource;
  notifications?: { wake(): void };
  pageCache?: PageCache;
  siteContent: SiteContentStore;
  settings: SettingsStore;
  staffMemories?: StaffMemories;
  tasks: TaskRunner;
  booking: BookingDependencies;
  payments: PaymentsDependencies;
  /** Texts (Twilio) and the customers' replies. */
  messages: MessagesDependencies;
  /** The DVLA's look-up and the DVSA's MOT history. */
  vehicles: VehicleData;
  auth: AuthDependencies;
  requireUser: RequestHandler;
  requireAnyUser: RequestHandler;
  enquirySubmission: EnquirySubmission;
  analytics: AnalyticsDependencies;
  /** What customers are told to use while the database cannot be reached. */
  contact: () => Promise<SiteSettings>;
};
