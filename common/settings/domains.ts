// zod/mini: this module reaches the staff dashboard's bundle.
import type * as z from 'zod/mini';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { bookingSettingsChanges } from '#common/bookings/settings-changes.ts';
import { bookingSettingsCheck } from '#common/bookings/settings-check.ts';
import { bookingSettingsOf, bookingSettingsSchema, type BookingSettings } from '#common/bookings/settings.ts';
import {
  defaultInvoicingSettings,
  invoicingChanges,
  invoicingSettingsSchema,
  type InvoicingSettings,
} from '#common/jobs/invoicing-settings.ts';
import {
  defaultReminderSettings,
  reminderSettingsChanges,
  reminderSettingsSchema,
  type ReminderSettings,
} from '#common/reminders/settings.ts';
import {
  defaultPaymentSettings,
  paymentSettingsChanges,
  paymentSettingsSchema,
  type PaymentSettings,
} from '#common/payments/settings.ts';
import {
  defaultMessageSettings,
  messageSettingsChanges,
  messageSettingsSchema,
  type MessageSettings,
} from '#common/messages/settings.ts';
import {
  defaultVehicleSettings,
  vehicleSettingsChanges,
  vehicleSettingsSchema,
  type VehicleSettings,
} from '#common/vehicles/settings.ts';
import {
  defaultRouteSettings,
  routeSettingsChanges,
  routeSettingsSchema,
  type RouteSettings,
} from '#common/routing/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { tyrePricingChanges } from '#common/tyres/pricing-changes.ts';
import {
  defaultTyrePricing,
  tyrePricingSchema,
  type TyrePricingSettings,
} from '#common/tyres/pricing-settings.ts';

/**
 * The business's settings, apart from the site's content: one domain per service of the
 * business, each with its own version and history (GET/PUT /api/settings/{domain}). A domain
 * says here what its settings are, what they are until first changed, who may change them, what
 * a change is in words and which public pages show them. A later service (payments, messages,
 * vehicles, routes) adds its module and one line to `settingsDomains`; the site content is not
 * touched.
 */

/** What a domain's defaults and checks may depend on: the site content's branches. */
export type SettingsContext = { branches: readonly BranchContent[] };

/** One field at fault in settings: its dotted path within them and what is wrong. */
export type SettingsIssue = { path: (string | number)[]; message: string };

export type SettingsDomainDefinition<Settings> = {
  /** The section's heading in the Settings tab and the history's prefix. */
  title: string;
  /** What may be stored: input is checked with it, and stored JSON read with it. */
  schema: z.ZodMiniType<Settings, unknown>;
  /** The settings in force until someone first changes them. */
  defaults: (context: SettingsContext) => Settings;
  /** Checks that need more than the settings (a place's key must be a branch). */
  check?: (settings: Settings, context: SettingsContext) => SettingsIssue[];
  /**
   * Settings in force as stored and as the rest of the business now is (a new branch books
   * from its opening hours); the stored ones unchanged where nothing else bears on them.
   */
  inForce?: (stored: Settings, context: SettingsContext) => Settings;
  /** What changed, in words ("Booking: shortest notice (hours) 2 → 24"). */
  changes: (before: Settings, after: Settings, context: SettingsContext) => string[];
  /** The roles that may change them; every office role may read them. */
  changedBy: readonly StaffRole[];
  /**
   * The public pages (path prefixes) that show something of them: a change empties the page
   * cache of those alone.
   */
  pages: readonly string[];
};

const domain = <Settings>(definition: SettingsDomainDefinition<Settings>) => definition;

export const settingsDomains = {
  booking: domain<BookingSettings>({
    title: 'Booking',
    schema: bookingSettingsSchema,
    defaults: ({ branches }) => bookingSettingsOf({ branches }),
    check: bookingSettingsCheck,
    inForce: (booking, { branches }) => bookingSettingsOf({ booking, branches }),
    changes: bookingSettingsChanges,
    changedBy: ['owner', 'staff'],
    // The booking page, and the MOT and servicing pages, which offer booking at a branch.
    pages: ['/book', '/mot', '/servicing'],
  }),
  tyres: domain<TyrePricingSettings>({
    title: 'Tyre prices',
    schema: tyrePricingSchema,
    defaults: () => defaultTyrePricing,
    changes: tyrePricingChanges,
    changedBy: ['owner'],
    pages: ['/tyres', '/book'],
  }),
  invoicing: domain<InvoicingSettings>({
    title: 'Invoicing',
    schema: invoicingSettingsSchema,
    defaults: ({ branches }) => defaultInvoicingSettings(branches),
    changes: invoicingChanges,
    changedBy: ['owner'],
    // The tyres' fitted prices include VAT at its rate.
    pages: ['/tyres', '/book'],
  }),
  reminders: domain<ReminderSettings>({
    title: 'Reminders',
    schema: reminderSettingsSchema,
    defaults: () => defaultReminderSettings,
    changes: reminderSettingsChanges,
    changedBy: ['owner', 'staff'],
    pages: [],
  }),
  payments: domain<PaymentSettings>({
    title: 'Payments',
    schema: paymentSettingsSchema,
    defaults: () => defaultPaymentSettings,
    changes: paymentSettingsChanges,
    changedBy: ['owner'],
    // The booking page says what the deposit is.
    pages: ['/book'],
  }),
  messages: domain<MessageSettings>({
    title: 'Messages',
    schema: messageSettingsSchema,
    defaults: () => defaultMessageSettings,
    changes: messageSettingsChanges,
    changedBy: ['owner', 'staff'],
    pages: [],
  }),
  vehicles: domain<VehicleSettings>({
    title: 'Vehicles',
    schema: vehicleSettingsSchema,
    defaults: () => defaultVehicleSettings,
    changes: vehicleSettingsChanges,
    changedBy: ['owner', 'staff'],
    // The forms ask GET /api/vehicles/lookup, which reads them at each request.
    pages: [],
  }),
  routes: domain<RouteSettings>({
    title: 'Routes',
    schema: routeSettingsSchema,
    defaults: () => defaultRouteSettings,
    changes: routeSettingsChanges,
    changedBy: ['owner', 'staff'],
    // The booking page shows the call-out charge and the windows a van can reach.
    pages: ['/book'],
  }),
};

export type SettingsDomains = typeof settingsDomains;
export type SettingsDomain = keyof SettingsDomains;
/** A domain's settings; for a union of domains, the union of theirs. */
export type SettingsOf<Domain extends SettingsDomain> = Domain extends SettingsDomain
  ? SettingsDomains[Domain] extends SettingsDomainDefinition<infer Settings>
    ? Settings
    : never
  : never;

/** Every domain's settings in force, as the rest of the product reads them. */
export type BusinessSettings = { readonly [Domain in SettingsDomain]: SettingsOf<Domain> };

export const settingsDomainNames = Object.keys(settingsDomains) as SettingsDomain[];

export const isSettingsDomain = (value: unknown): value is SettingsDomain =>
  typeof value === 'string' && Object.hasOwn(settingsDomains, value);

/** Whether `role` may change the settings of `domain`. */
export const mayChangeSettings = (role: StaffRole, domain: SettingsDomain) =>
  (settingsDomains[domain].changedBy as readonly StaffRole[]).includes(role);

/** GET /api/settings/{domain}: the settings in force, and which change made them (0: the defaults). */
export type DomainSettings<Domain extends SettingsDomain = SettingsDomain> = {
  domain: Domain;
  version: number;
  settings: SettingsOf<Domain>;
  /** When and by whom they were last changed; null while they are the defaults. */
  changedAt: string | null;
  changedBy: string | null;
};

/** PUT /api/settings/{domain}'s body: the settings, and the version they were edited from. */
export type SettingsUpdate<Domain extends SettingsDomain = SettingsDomain> = {
  version: number;
  settings: SettingsOf<Domain>;
};

/** The 409 answer of PUT /api/settings/{domain}: someone else changed them first. */
export type SettingsConflict<Domain extends SettingsDomain = SettingsDomain> = {
  error: string;
  current: DomainSettings<Domain>;
};

/** One entry of GET /api/settings/{domain}/history, newest first. */
export type SettingsChange = {
  version: number;
  changedAt: string;
  changedBy: string | null;
  /** What changed, in words. */
  changes: string[];
};

export const settingsConflictMessage =
  'Someone else changed these settings while you were editing. Nothing was overwritten: here are theirs, make your changes again.';

export const settingsOwnersMessage = (domain: SettingsDomain) =>
  `Only an owner can change the ${settingsDomains[domain].title.toLowerCase()} settings.`;
