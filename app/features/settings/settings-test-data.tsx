import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Fitter, StaffRole } from '#common/accounts/accounts.ts';
import type { MessagesStatus } from '#common/messages/replies.ts';
import {
  isSettingsDomain,
  type DomainSettings,
  type SettingsDomain,
  type SettingsOf,
  type SettingsUpdate,
} from '#common/settings/domains.ts';
import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { answer, serveApi, type ApiHandler, type ServedApi } from '#tests/support/api-handlers.ts';
import { makePublished } from '#tests/support/site-content.ts';
import { defaultSettings, domainSettings } from '#tests/support/settings.ts';
import { staffUser } from '#tests/support/staff-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { SettingsTab } from './settings-tab.tsx';
import type { VehicleDataStatus } from '#common/vehicles/settings.ts';
import type { RoutingStatus } from '#common/routing/status.ts';

export type User = ReturnType<typeof userEvent.setup>;

/** The sections of the tab, by their headings. */
export type SectionName =
  | 'Booking'
  | 'Tyre prices'
  | 'Invoicing'
  | 'Reminders & reviews'
  | 'Payments'
  | 'Messages'
  | 'Vehicles'
  | 'Routes';

const formNames: Record<SettingsDomain, string> = {
  booking: 'Booking settings',
  tyres: 'Tyre price rules',
  invoicing: 'Invoicing settings',
  reminders: 'Reminder settings',
  payments: 'Payment settings',
  messages: 'Message settings',
  vehicles: 'Vehicle settings',
  routes: 'Route settings',
};

/** When the settings tests' saves are made, and by whom. */
const savedAt = '2026-07-12T10:00:00.000Z';
const savedBy = 'alice';

export { defaultSettings, domainSettings };

/** Test data: two fitter accounts, as GET /api/fitters names them. */
export const testFitters: Fitter[] = [
  { id: 7, name: 'Dave Smith' },
  { id: 9, name: 'kemal' },
];

type SettingsTabOptions = {
  /** The signed-in user's role: owners change every section. */
  role?: StaffRole;
  /** The published content, whose branches the Booking section lists. */
  published?: PublishedSiteContent;
  /** The domains' answers in place of their defaults (version 0). */
  settings?: { [Domain in SettingsDomain]?: DomainSettings<Domain> };
  /** The test's own answers, ahead of the tab's. */
  own?: ApiHandler[];
  /** The address the tab is opened at. */
  route?: string;
  /** Whether card payments online are set up (GET /api/payments/status): they are unless told. */
  paymentsConfigured?: boolean;
  /** GET /api/vehicles/status: the DVLA set up and answering, the DVSA not set up, unless told. */
  vehicleDataStatus?: VehicleDataStatus;
  /** Whether texts are set up and how Twilio last answered (GET /api/messages/status): set up, never used, unless told. */
  messagesStatus?: MessagesStatus;
  /** The fitter accounts (GET /api/fitters), whose vans may start at their homes. */
  fitters?: Fitter[];
  /** GET /api/routes/status: postcodes.io answering, OSRM not set up, unless told. */
  routingStatus?: RoutingStatus;
};

/**
 * The Settings tab as a user of `role` sees it once every section has loaded. The API answers
 * the content, each domain's settings (the defaults unless given), and a save as the server
 * does: the settings sent, as the next version.
 */
export async function renderSettingsTab({
  role = 'owner',
  published = makePublished(),
  settings = {},
  own = [],
  route,
  paymentsConfigured = true,
  vehicleDataStatus = {
    dvla: { configured: true, lastSuccessAt: savedAt, lastFailureAt: null, lastFailure: null },
    dvsa: { configured: false, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
  },
  messagesStatus = { configured: true, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
  fitters = testFitters,
  routingStatus = {
    postcodes: { configured: true, lastSuccessAt: savedAt, lastFailureAt: null, lastFailure: null },
    osrm: { configured: false, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
  },
}: SettingsTabOptions = {}) {
  const defaults = defaultSettings(published);
  const api = serveApi(
    ...own,
    answer('GET /api/site-content', { status: 200, body: published }),
    answer('GET /api/payments/status', { status: 200, body: { configured: paymentsConfigured } }),
    answer('GET /api/vehicles/status', { status: 200, body: vehicleDataStatus }),
    answer('GET /api/messages/status', { status: 200, body: messagesStatus }),
    answer('GET /api/fitters', { status: 200, body: fitters }),
    answer('GET /api/routes/status', { status: 200, body: routingStatus }),
    answer('GET /api/settings/:domain', ({ params }) => {
      const domain = params.domain;
      if (!isSettingsDomain(domain)) return { status: 404, body: { error: 'Not found' } };
      return { status: 200, body: settings[domain] ?? domainSettings(domain, defaults[domain]) };
    }),
    answer('PUT /api/settings/:domain', ({ params, body }) => ({
      status: 200,
      body: {
        domain: params.domain as SettingsDomain,
        version: body.version + 1,
        settings: body.settings,
        changedAt: savedAt,
        changedBy: savedBy,
      },
    })),
  );
  renderStaffUi(<SettingsTab user={staffUser({ role, username: savedBy })} />, { route });
  for (const name of Object.values(formNames)) await screen.findByRole('form', { name });
  return { api, user: userEvent.setup({ delay: null }) };
}

/** A section of the tab, found by its heading. */
export const section = (name: SectionName) => within(screen.getByRole('region', { name }));

/** The Booking section. */
export const bookingSection = () => section('Booking');

/** Saves a section: its "Save" button ("Save prices" for the tyre prices). */
export async function saveSection(user: User, name: SectionName) {
  await user.click(section(name).getByRole('button', { name: /^Save( prices)?$/ }));
}

/** What each PUT of a domain's settings sent, in order. */
export function sentUpdates<Domain extends SettingsDomain>(api: ServedApi, domain: Domain) {
  return api.calls
    .filter((call) => call.method === 'PUT' && call.path === `/api/settings/${domain}`)
    .map((call) => call.body as SettingsUpdate<Domain>);
}

/** The settings the last PUT of a domain sent. */
export function sentSettings<Domain extends SettingsDomain>(
  api: ServedApi,
  domain: Domain,
): SettingsOf<Domain> {
  const update = sentUpdates(api, domain).at(-1);
  expect(update, `a PUT of the ${domain} settings`).toBeDefined();
  return update!.settings;
}

/** What `within(…)` gives: queries bound to a part of the page. */
type Scope = ReturnType<typeof within>;

/**
 * A field of a booking week (a window's start, end or jobs) by its label, as getByLabelText finds
 * it but through the label alone: getByLabelText looks up the labels of every element in turn,
 * which takes seconds over a week's hundreds of fields.
 */
export function weekField(scope: Scope, label: string): HTMLInputElement {
  const control = (scope.getByText(label, { selector: 'label' }) as HTMLLabelElement).control;
  expect(control, `the field labelled ${label}`).toBeInstanceOf(HTMLInputElement);
  return control as HTMLInputElement;
}

/** Whether a booking week shows a field labelled `label`. */
export const hasWeekField = (scope: Scope, label: string) =>
  scope.queryByText(label, { selector: 'label' }) !== null;

/** Opens a place's panel in the Booking section by its name and gives its contents. */
export async function openBookingLocation(user: User, name: string) {
  await user.click(bookingSection().getByRole('button', { name: new RegExp(`^${name}`) }));
  return within(screen.getByRole('article', { name: new RegExp(`^${name}`) }));
}

/**
 * The Booking section's tests: today is Sunday 12 July 2026 in London (the bank holidays listed
 * start from it).
 */
export function withBookingSectionClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-12T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
