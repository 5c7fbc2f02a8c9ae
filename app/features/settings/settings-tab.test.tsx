// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsChange } from '#common/settings/domains.ts';
import { answer } from '#tests/support/api-handlers.ts';
import {
  defaultSettings,
  domainSettings,
  renderSettingsTab,
  saveSection,
  section,
  sentSettings,
  type SectionName,
} from './settings-test-data.tsx';

const defaults = defaultSettings();

const saveButtonOf = (name: SectionName) => section(name).queryByRole('button', { name: /^Save( prices)?$/ });

describe('the Settings tab', () => {
  it('lets a member of staff change booking and reminders, and shows them the tyre prices and invoicing without a way to save', async () => {
    const { api, user } = await renderSettingsTab({ role: 'staff' });
    expect(saveButtonOf('Booking')).not.toBeNull();
    expect(saveButtonOf('Reminders & reviews')).not.toBeNull();

    expect(saveButtonOf('Tyre prices')).toBeNull();
    section('Tyre prices').getByText('Only an owner can change the tyre prices.');
    const margin = section('Tyre prices').getByLabelText('Margin on cost (%)', {
      selector: '#pricing-budget-margin',
    }) as HTMLInputElement;
    // The fields take nothing typed.
    await user.type(margin, '5');
    expect(margin.value).toBe(String(defaults.tyres.tiers.budget.marginPercent));

    expect(saveButtonOf('Invoicing')).toBeNull();
    section('Invoicing').getByText('Only an owner can change these settings.');
    const vatNumber = section('Invoicing').getByLabelText('VAT registration number') as HTMLInputElement;
    await user.type(vatNumber, '1{Enter}');
    expect(vatNumber.value).toBe('');

    expect(saveButtonOf('Payments')).toBeNull();
    section('Payments').getByText('Only an owner can change these settings.');
    expect(saveButtonOf('Routes')).not.toBeNull();
    expect(api.requests().filter((request) => request.startsWith('PUT'))).toEqual([]);
  });

  it('opened at a section’s address, brings that section into view once every section has loaded', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    await renderSettingsTab({ route: '/admin/dashboard/settings#settings-invoicing' });
    expect(scrolled).toEqual(['settings-invoicing']);
  });

  it('lands on the Payments section at its address', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    await renderSettingsTab({ route: '/admin/dashboard/settings#settings-payments' });
    expect(scrolled).toEqual(['settings-payments']);
  });

  it('lists the Routes section last, after Vehicles', async () => {
    await renderSettingsTab();
    expect(
      screen
        .getAllByRole('region')
        .map((region) => region.id)
        .filter((id) => id.startsWith('settings-'))
        .slice(-2),
    ).toEqual(['settings-vehicles', 'settings-routes']);
  });

  it('shows an owner every section with its way to save', async () => {
    await renderSettingsTab({ role: 'owner' });
    for (const name of [
      'Booking',
      'Tyre prices',
      'Invoicing',
      'Reminders & reviews',
      'Payments',
      'Messages',
      'Vehicles',
      'Routes',
    ] as const) {
      expect(saveButtonOf(name), name).not.toBeNull();
    }
    expect(screen.queryByText(/^Only an owner can change/)).toBeNull();
  });

  it('lists a section’s changes, newest first, once its history is opened', async () => {
    const changes: SettingsChange[] = [
      {
        version: 3,
        changedAt: '2026-07-11T15:20:00.000Z',
        changedBy: 'sam',
        changes: [
          'Booking: shortest notice (hours) 4 → 24',
          'Booking: closed on 24 Dec 2026 (all locations)',
        ],
      },
      { version: 2, changedAt: '2026-07-04T08:00:00.000Z', changedBy: null, changes: [] },
    ];
    const { api, user } = await renderSettingsTab({
      settings: {
        booking: domainSettings('booking', defaults.booking, {
          version: 3,
          changedAt: '2026-07-11T15:20:00.000Z',
          changedBy: 'sam',
        }),
      },
      own: [
        answer('GET /api/settings/:domain/history', ({ params }) =>
          params.domain === 'booking'
            ? { status: 200, body: changes }
            : { status: 404, body: { error: 'Not found' } },
        ),
      ],
    });
    const booking = section('Booking');
    booking.getByText('Version 3');
    booking.getByText('Last changed by sam on 11/07/2026, 16:20');
    // Settings never changed have no history to open.
    expect(section('Invoicing').queryByText('History of changes')).toBeNull();
    expect(api.requests()).not.toContain('GET /api/settings/booking/history');

    await user.click(booking.getByText('History of changes'));
    const first = await booking.findByText('Version 3: sam, 11/07/2026, 16:20');
    expect(
      within(first.closest('li')!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Booking: shortest notice (hours) 4 → 24', 'Booking: closed on 24 Dec 2026 (all locations)']);
    const second = booking.getByText('Version 2: a former member of staff, 04/07/2026, 09:00');
    expect(
      within(second.closest('li')!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No changes']);
    expect(api.requests().filter((request) => request.endsWith('/history'))).toEqual([
      'GET /api/settings/booking/history',
    ]);
  });

  it('shows the vehicle data services as set up or not, with their last answers, and saves what is used of them', async () => {
    const { api, user } = await renderSettingsTab({
      role: 'staff',
      vehicleDataStatus: {
        dvla: {
          configured: true,
          lastSuccessAt: '2026-07-12T09:00:00.000Z',
          lastFailureAt: '2026-07-12T09:30:00.000Z',
          lastFailure: 'DVLA answered 503',
        },
        dvsa: { configured: false, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
      },
    });
    const vehicles = section('Vehicles');
    const services = vehicles.getByRole('list', { name: 'Vehicle data services' });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'DVLA vehicle enquiry: set upLast answered 12 Jul, 10:00. Last failed 12 Jul, 10:30: DVLA answered 503',
      'DVSA MOT history: not set up (set DVSA_CLIENT_ID, DVSA_CLIENT_SECRET, DVSA_API_KEY and DVSA_TOKEN_URL)',
    ]);
    await user.click(
      vehicles.getByRole('checkbox', { name: 'Send a tyre reminder for an MOT tyre advisory' }),
    );
    await saveSection(user, 'Vehicles');
    await vi.waitFor(() =>
      expect(sentSettings(api, 'vehicles')).toEqual({
        fillFromRegistration: true,
        motFromHistory: true,
        tyreAdvisoryReminders: false,
      }),
    );
  });
});
