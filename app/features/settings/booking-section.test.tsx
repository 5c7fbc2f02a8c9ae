// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
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
} from './settings-test-data.tsx';

const defaults = defaultSettings().booking;

withBookingSectionClock();

describe('the Booking section', () => {
  it('shows the settings in force until staff save their own: the defaults from the opening hours', async () => {
    const { user } = await renderSettingsTab();
    const section = bookingSection();
    section.getByText('Version 0');
    section.getByText(/^Until you save booking settings of your own, the booking page uses these/);
    expect((section.getByLabelText('How far ahead customers can book') as HTMLInputElement).value).toBe('21');
    section.getByText('Customers can book up to 21 days ahead.');
    expect((section.getByLabelText('Shortest notice') as HTMLInputElement).value).toBe('4');
    section.getByText(/It is also the cut-off for cancelling online/);
    expect(section.getAllByRole('button', { expanded: false }).map((button) => button.textContent)).toEqual([
      'Mobile fitting29 windows on 6 days',
      'Harold Hill branch31 windows on 7 days',
      'Upminster branch30 windows on 7 days',
    ]);

    const mobile = await openBookingLocation(user, 'Mobile fitting');
    expect(mobile.getByRole('switch', { name: 'Online booking' }).getAttribute('aria-checked')).toBe('true');
    expect(weekField(mobile, 'Monday window 1 starts').value).toBe('08:00');
    expect(weekField(mobile, 'Monday window 5 ends').value).toBe('18:00');
    expect(weekField(mobile, 'Saturday window 4 jobs').value).toBe('2');
    expect(hasWeekField(mobile, 'Sunday window 1 starts')).toBe(false);
    expect(mobile.queryByRole('button', { name: 'Fill from opening hours' })).toBeNull();
  });

  it('saves an edited window with the version it was edited from, and shows the new version', async () => {
    const { api, user } = await renderSettingsTab();
    const branch = await openBookingLocation(user, 'Harold Hill branch');
    const end = weekField(branch, 'Monday window 1 ends');
    await user.clear(end);
    await user.type(end, '09:30');
    const jobs = weekField(branch, 'Monday window 1 jobs');
    await user.clear(jobs);
    await user.type(jobs, '3');
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    const expected = structuredClone(defaults);
    expected.locations[1]!.week.monday[0] = { start: '08:00', end: '09:30', places: 3 };
    expect(sentUpdates(api, 'booking')).toEqual([{ version: 0, settings: expected }]);
    bookingSection().getByText('Version 1');
    bookingSection().getByText('Last changed by alice on 12/07/2026, 11:00');
    expect(bookingSection().queryByText(/^Until you save booking settings of your own/)).toBeNull();
  });

  it('adds and removes windows, switches a location off and fills a branch from its opening hours', async () => {
    const { api, user } = await renderSettingsTab();
    const mobile = await openBookingLocation(user, 'Mobile fitting');
    await user.click(mobile.getByRole('button', { name: 'Add a window on Sunday' }));
    expect(weekField(mobile, 'Sunday window 1 starts').value).toBe('08:00');
    await waitFor(() => expect(document.activeElement).toBe(weekField(mobile, 'Sunday window 1 starts')));
    await user.click(mobile.getByRole('button', { name: 'Add a window on Sunday' }));
    expect(weekField(mobile, 'Sunday window 2 ends').value).toBe('12:00');
    await user.click(mobile.getByRole('button', { name: 'Remove Monday window 1' }));
    expect(weekField(mobile, 'Monday window 1 starts').value).toBe('10:00');

    const upminster = await openBookingLocation(user, 'Upminster branch');
    await user.click(upminster.getByRole('switch', { name: 'Online booking' }));
    expect(upminster.getByRole('switch', { name: 'Online booking' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    const harold = await openBookingLocation(user, 'Harold Hill branch');
    await user.click(harold.getByRole('button', { name: 'Remove Saturday window 4' }));
    await user.click(harold.getByRole('button', { name: 'Fill from opening hours' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace windows' }),
    );
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    const sent = sentSettings(api, 'booking');
    expect(sent.locations[0]!.week.monday).toEqual(defaults.locations[0]!.week.monday.slice(1));
    expect(sent.locations[0]!.week.sunday).toEqual([
      { start: '08:00', end: '10:00', places: 2 },
      { start: '10:00', end: '12:00', places: 2 },
    ]);
    expect(sent.locations[1]).toEqual(defaults.locations[1]);
    expect(sent.locations[2]).toEqual({ ...defaults.locations[2], enabled: false });
  });

  it('adds and removes closed dates', async () => {
    const { api, user } = await renderSettingsTab();
    const closedDates = within(bookingSection().getByRole('group', { name: 'Closed dates' }));
    await user.click(closedDates.getByRole('button', { name: 'Add a closed date' }));
    await user.click(closedDates.getByRole('button', { name: 'Add a closed date' }));
    const [first, second] = closedDates
      .getAllByRole('group', { name: /^Closed date \d$/ })
      .map((group) => within(group));
    await user.type(first!.getByLabelText('Date'), '2026-12-24');
    await user.type(first!.getByLabelText('Note for staff (optional)'), 'Christmas Eve');
    await user.type(second!.getByLabelText('Date'), '2026-09-01');
    await user.selectOptions(second!.getByLabelText('Where'), 'Upminster branch');
    expect(
      within(second!.getByLabelText('Where'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All locations', 'Mobile fitting', 'Harold Hill branch', 'Upminster branch']);
    await user.click(closedDates.getByRole('button', { name: 'Add a closed date' }));
    await user.click(closedDates.getByRole('button', { name: 'Remove closed date 3' }));
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    expect(sentSettings(api, 'booking').closedDates).toEqual([
      { date: '2026-12-24', location: '', note: 'Christmas Eve' },
      { date: '2026-09-01', location: 'upminster', note: '' },
    ]);
  });

  it('lists the coming bank holidays, closed unless ticked', async () => {
    const { api, user } = await renderSettingsTab({
      settings: {
        booking: domainSettings('booking', { ...defaults, openBankHolidays: ['2026-12-28'] }, { version: 3 }),
      },
    });
    const holidays = within(bookingSection().getByRole('group', { name: 'Bank holidays' }));
    holidays.getByText(/closed on bank holidays in England and Wales, unless you tick “We open”/);
    const boxes = holidays.getAllByRole('checkbox') as HTMLInputElement[];
    // From today, 12 July 2026, for two years: Good Friday 2026 has gone.
    expect(boxes[0]!.labels?.[0]?.textContent).toBe('We open on Summer bank holiday, Mon 31 Aug 2026');
    expect(boxes.at(-1)!.labels?.[0]?.textContent).toBe('We open on Spring bank holiday, Mon 29 May 2028');
    expect(boxes.filter((box) => box.checked).map((box) => box.labels?.[0]?.textContent)).toEqual([
      'We open on Boxing Day (substitute day), Mon 28 Dec 2026',
    ]);

    await user.click(
      holidays.getByRole('checkbox', { name: 'We open on Summer bank holiday, Mon 31 Aug 2026' }),
    );
    await user.click(
      holidays.getByRole('checkbox', { name: 'We open on Boxing Day (substitute day), Mon 28 Dec 2026' }),
    );
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    expect(sentUpdates(api, 'booking').map(({ version }) => version)).toEqual([3]);
    expect(sentSettings(api, 'booking').openBankHolidays).toEqual(['2026-08-31']);
  });

  it('saves the settings in force as shown when staff change nothing', async () => {
    const { api, user } = await renderSettingsTab();
    await saveSection(user, 'Booking');

    await screen.findByText('Booking settings saved');
    expect(sentSettings(api, 'booking')).toEqual(defaults);
  });

  it('checks the windows before saving, and shows the message at the field', async () => {
    const { api, user } = await renderSettingsTab();
    const mobile = await openBookingLocation(user, 'Mobile fitting');
    const end = weekField(mobile, 'Tuesday window 2 ends');
    await user.clear(end);
    await user.type(end, '09:00');
    await saveSection(user, 'Booking');

    expect(bookingSection().getByRole('alert').textContent).toBe(
      'Please check the highlighted fields and try again.',
    );
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(end)).toEqual(['The window must end after it starts']);
    expect(sentUpdates(api, 'booking')).toEqual([]);
  });

  it('shows the server’s refusal of a window beside it, opening its location', async () => {
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: {
            error: 'Check the highlighted fields',
            fieldErrors: { 'locations.0.week.monday.0.end': ['The window must end after it starts'] },
          },
        }),
      ],
    });
    const upminster = await openBookingLocation(user, 'Upminster branch');
    await user.click(upminster.getByRole('switch', { name: 'Online booking' }));
    await saveSection(user, 'Booking');

    await screen.findByText('Not saved');
    const mobile = within(screen.getByRole('article', { name: /^Mobile fitting/ }));
    const end = weekField(mobile, 'Monday window 1 ends');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')).toBe('content-booking-locations-0-week-monday-0-end-error');
    expect(descriptionOf(end)).toEqual(['The window must end after it starts']);
    // The draft stays as it was, for staff to correct.
    expect(upminster.getByRole('switch', { name: 'Online booking' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });
});
