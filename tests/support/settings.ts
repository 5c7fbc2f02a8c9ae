import { bookingSettingsOf } from '#common/bookings/settings.ts';
import { defaultInvoicingSettings } from '#common/jobs/invoicing-settings.ts';
import { defaultMessageSettings } from '#common/messages/settings.ts';
import { defaultPaymentSettings } from '#common/payments/settings.ts';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import type { DomainSettings, SettingsDomain, SettingsOf } from '#common/settings/domains.ts';
import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { defaultVehicleSettings } from '#common/vehicles/settings.ts';
import { defaultRouteSettings } from '#common/routing/settings.ts';
import { makePublished } from './site-content.ts';

/** The settings in force before anyone changes them, as the API gives them for the content's branches. */
export function defaultSettings(published: PublishedSiteContent = makePublished()): {
  [Domain in SettingsDomain]: SettingsOf<Domain>;
} {
  const { branches } = published.content;
  return {
    booking: bookingSettingsOf({ branches }),
    tyres: defaultTyrePricing,
    invoicing: defaultInvoicingSettings(branches),
    reminders: defaultReminderSettings,
    payments: defaultPaymentSettings,
    messages: defaultMessageSettings,
    vehicles: defaultVehicleSettings,
    routes: defaultRouteSettings,
  };
}

/** Test data: a domain's settings as GET /api/settings/{domain} answers them, never changed unless overridden. */
export function domainSettings<Domain extends SettingsDomain>(
  domain: Domain,
  settings: SettingsOf<Domain>,
  overrides: Partial<Omit<DomainSettings<Domain>, 'domain' | 'settings'>> = {},
): DomainSettings<Domain> {
  return { domain, version: 0, settings, changedAt: null, changedBy: null, ...overrides };
}
