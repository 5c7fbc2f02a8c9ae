// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '#tests/support/api-handlers.ts';
import { descriptionOf } from '#tests/support/dom.tsx';
import {
  bookingSection,
  defaultSettings,
  domainSettings,
  hasWeekField,
  openBookingLocation,
  renderSettingsTab,
  saveSection,
  sentSettings,
  sentUpdates,
  weekField,
  withBookingSectionClock,
  type User,
} from './settings-test-data.tsx';

/** Opens a branch's panel, then its MOT testing's or servicing's, and gives the latter's contents. */
async function openService(user: User, branch: string, service: string) {
  const panel = await openBookingLocation(user, branch);
  await user.click(panel.getByRole('button', { name: new RegExp(`^${service}`) }));
  return within(panel.getByRole('region', { name: new RegExp(`^${service}`) }));
}

const defaults = defaultSettings().booking;

withBookingSectionClock();

describe('a branch’s MOT testing and servicing in the Booking section', () => {
  it('show under each branch with their own windows, and not under mobile fitting', async () => {
    const { user } = await renderSettingsTab();
    await user.click(bookingSection().getByRole('button', { name: /^Mobile fitting/ }));
    const mobile = within(screen.getByRole('article', { name: /^Mobile fitting/ }));
    expect(mobile.queryByRole('button', { name: /^MOT Testing/ })).toBeNull();

    await user.click(bookingSection().getByRole('button', { name: /^Harold Hill branch/ }));
    const branch = within(screen.getByRole('article', { name: /^Harold Hill branch/ }));
    expect(branch.getByRole('button', { name: /^MOT Testing/ }).textContent).toBe(
      'MOT Testing62 windows on 7 days',
    );
    expect(branch.getByRole('button', { name: /^Vehicle Servicing/ }).textContent).toBe(
      'Vehicle Servicing18 windows on 7 days',
    );
    branch.getByText(/The tyre services share these windows/);

    await user.click(branch.getByRole('button', { name: /^MOT Testing/ }));
    const mot = within(branch.getByRole('region', { name: /^MOT Testing/ }));
    expect(
      mot.getByRole('switch', { name: 'Online booking of MOT Testing' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(weekField(mot, 'MOT Testing, Monday window 1 starts').value).toBe('08:00');
    expect(weekField(mot, 'MOT Testing, Monday window 1 ends').value).toBe('09:00');
    expect(weekField(mot, 'MOT Testing, Monday window 1 jobs').value).toBe('1');
    expect(weekField(mot, 'MOT Testing, Sunday window 4 ends').value).toBe('13:00');
    // The branch's tyre windows are labelled as before.
    expect(weekField(branch, 'Monday window 1 ends').value).toBe('10:00');
  });

  it('saves edited MOT windows and places, and servicing switched off', async () => {
    const { api, user } = await renderSettingsTab();
    const mot = await openService(user, 'Harold Hill branch', 'MOT Testing');
    const jobs = weekField(mot, 'MOT Testing, Monday window 2 jobs');
    await user.clear(jobs);
    await user.type(jobs, '2');
    await user.click(mot.getByRole('button', { name: 'Remove MOT Testing, Saturday window 8' }));
    await user.click(mot.getByRole('button', { name: 'Add a window on Sunday for MOT Testing' }));
    expect(weekField(mot, 'MOT Testing, Sunday window 5 starts').value).toBe('13:00');

    const servicing = await openService(user, 'Upminster branch', 'Vehicle Servicing');
    await user.click(servicing.getByRole('switch', { name: 'Online booking of Vehicle Servicing' }));
    servicing.getByText(/Customers cannot book Vehicle Servicing at Upminster branch online/);
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    const sent = sentSettings(api, 'booking');
    const expectedMot = structuredClone(defaults.locations[1]!.services!.mot!);
    expectedMot.week.monday[1]!.places = 2;
    expectedMot.week.saturday = expectedMot.week.saturday.slice(0, 7);
    expectedMot.week.sunday.push({ start: '13:00', end: '15:00', places: 1 });
    expect(sent.locations[1]!.services).toEqual({ ...defaults.locations[1]!.services, mot: expectedMot });
    expect(sent.locations[1]!.week).toEqual(defaults.locations[1]!.week);
    expect(sent.locations[2]!.services!.servicing).toEqual({
      ...defaults.locations[2]!.services!.servicing,
      enabled: false,
    });
    expect(sent.locations[0]!.services).toBeUndefined();
  });

  it('fills a service’s windows from the branch’s opening hours', async () => {
    const saved = structuredClone(defaults);
    saved.locations[1]!.services!.servicing!.week.monday = [];
    const { api, user } = await renderSettingsTab({
      settings: { booking: domainSettings('booking', saved, { version: 2 }) },
    });
    const servicing = await openService(user, 'Harold Hill branch', 'Vehicle Servicing');
    servicing.getByText('No windows: not bookable online.', { selector: 'p' });
    await user.click(
      servicing.getByRole('button', { name: 'Fill from opening hours for Vehicle Servicing' }),
    );
    const dialog = within(await screen.findByRole('alertdialog'));
    dialog.getByText(/Each day gets four-hour windows of one job each/);
    await user.click(dialog.getByRole('button', { name: 'Replace windows' }));
    expect(weekField(servicing, 'Vehicle Servicing, Monday window 1 ends').value).toBe('12:00');
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    expect(sentUpdates(api, 'booking').map(({ version }) => version)).toEqual([2]);
    expect(sentSettings(api, 'booking').locations[1]!.services!.servicing).toEqual(
      defaults.locations[1]!.services!.servicing,
    );
  });

  it('checks their windows before saving, opening the service at the message', async () => {
    const { api, user } = await renderSettingsTab();
    const mot = await openService(user, 'Harold Hill branch', 'MOT Testing');
    const end = weekField(mot, 'MOT Testing, Tuesday window 2 ends');
    await user.clear(end);
    await user.type(end, '08:30');
    // Closed again: a field that needs attention opens it.
    await user.click(screen.getByRole('button', { name: /^MOT Testing/ }));
    expect(hasWeekField(screen, 'MOT Testing, Tuesday window 2 ends')).toBe(false);
    await saveSection(user, 'Booking');

    const shown = weekField(screen, 'MOT Testing, Tuesday window 2 ends');
    expect(shown.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(shown)).toEqual(['The window must end after it starts']);
    expect(sentUpdates(api, 'booking')).toEqual([]);
  });

  it('shows the server’s refusal of a service’s window beside it, opening its branch and service', async () => {
    const key = 'locations.2.services.servicing.week.friday.0.places';
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: { error: 'Check the highlighted fields', fieldErrors: { [key]: ['At most 50 jobs'] } },
        }),
      ],
    });
    await saveSection(user, 'Booking');

    await screen.findByText('Not saved');
    const branch = within(screen.getByRole('article', { name: /^Upminster branch/ }));
    const places = weekField(branch, 'Vehicle Servicing, Friday window 1 jobs');
    expect(places.getAttribute('aria-invalid')).toBe('true');
    expect(places.getAttribute('aria-describedby')).toBe(
      'content-booking-locations-2-services-servicing-week-friday-0-places-error',
    );
    expect(descriptionOf(places)).toEqual(['At most 50 jobs']);
  });
});
