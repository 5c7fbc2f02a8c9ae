// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingSettingsOf } from '#common/bookings/settings.ts';
import { makeContent, makePublished } from '#tests/support/site-content.ts';
import {
  descriptionOf,
  publishDraft as publish,
  publishedAnswer,
  bookingSection,
  openBookingLocation,
  renderContentTab as renderTab,
  sentBooking,
  withBookingSectionClock,
} from './content-tab-test-data.tsx';

const defaults = bookingSettingsOf(makeContent());

withBookingSectionClock();

describe('the Booking section', () => {
  it('shows the settings in force when the content has none yet: the defaults from the opening hours', async () => {
    const { user } = renderTab();
    const section = bookingSection();
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
    expect((mobile.getByLabelText('Monday window 1 starts') as HTMLInputElement).value).toBe('08:00');
    expect((mobile.getByLabelText('Monday window 5 ends') as HTMLInputElement).value).toBe('18:00');
    expect((mobile.getByLabelText('Saturday window 4 jobs') as HTMLInputElement).value).toBe('2');
    expect(mobile.queryByLabelText('Sunday window 1 starts')).toBeNull();
    expect(mobile.queryByRole('button', { name: 'Fill from opening hours' })).toBeNull();
    screen.getByText('No unpublished changes');
  });

  it('publishes an edited window in the booking settings', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    const branch = await openBookingLocation(user, 'Harold Hill branch');
    const end = branch.getByLabelText('Monday window 1 ends');
    await user.clear(end);
    await user.type(end, '09:30');
    const jobs = branch.getByLabelText('Monday window 1 jobs');
    await user.clear(jobs);
    await user.type(jobs, '3');

    expect(await publish(user)).toEqual(['Booking: windows of Harold Hill branch changed (Monday)']);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    const expected = structuredClone(defaults);
    expected.locations[1]!.week.monday[0] = { start: '08:00', end: '09:30', places: 3 };
    expect(sentBooking(api)).toEqual(expected);
  });

  it('adds and removes windows, switches a location off and fills a branch from its opening hours', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    const mobile = await openBookingLocation(user, 'Mobile fitting');
    await user.click(mobile.getByRole('button', { name: 'Add a window on Sunday' }));
    expect((mobile.getByLabelText('Sunday window 1 starts') as HTMLInputElement).value).toBe('08:00');
    await waitFor(() => expect(document.activeElement).toBe(mobile.getByLabelText('Sunday window 1 starts')));
    await user.click(mobile.getByRole('button', { name: 'Add a window on Sunday' }));
    expect((mobile.getByLabelText('Sunday window 2 ends') as HTMLInputElement).value).toBe('12:00');
    await user.click(mobile.getByRole('button', { name: 'Remove Monday window 1' }));
    expect((mobile.getByLabelText('Monday window 1 starts') as HTMLInputElement).value).toBe('10:00');

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

    expect(await publish(user)).toEqual([
      'Booking: windows of Mobile fitting changed (Monday, Sunday)',
      'Booking: online booking of Upminster branch turned off',
    ]);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    const sent = sentBooking(api);
    expect(sent.locations[0]!.week.monday).toEqual(defaults.locations[0]!.week.monday.slice(1));
    expect(sent.locations[0]!.week.sunday).toEqual([
      { start: '08:00', end: '10:00', places: 2 },
      { start: '10:00', end: '12:00', places: 2 },
    ]);
    expect(sent.locations[1]).toEqual(defaults.locations[1]);
    expect(sent.locations[2]).toEqual({ ...defaults.locations[2], enabled: false });
  });

  it('adds and removes closed dates', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
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

    expect(await publish(user)).toEqual([
      'Booking: closed on 24 Dec 2026 (all locations)',
      'Booking: closed on 1 Sept 2026 (Upminster branch)',
    ]);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentBooking(api).closedDates).toEqual([
      { date: '2026-12-24', location: '', note: 'Christmas Eve' },
      { date: '2026-09-01', location: 'upminster', note: '' },
    ]);
  });

  it('lists the coming bank holidays, closed unless ticked', async () => {
    const published = makePublished({
      content: makeContent((content) => {
        content.booking = { ...bookingSettingsOf(content), openBankHolidays: ['2026-12-28'] };
      }),
    });
    const { api, user } = renderTab(published);
    api.answer('PUT /api/site-content', publishedAnswer(published.content));
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
    expect(await publish(user)).toEqual([
      'Booking: open on Summer bank holiday, 31 Aug 2026',
      'Booking: closed on Boxing Day (substitute day), 28 Dec 2026',
    ]);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentBooking(api).openBankHolidays).toEqual(['2026-08-31']);
  });

  it('publishes the settings in force when staff changed only something else', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    const companyName = screen.getByLabelText('Company name');
    await user.clear(companyName);
    await user.type(companyName, 'Anytown Tyres');
    expect(await publish(user)).toEqual([
      'Business details: company name “Anytown Mobile Tyres” → “Anytown Tyres”',
    ]);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentBooking(api)).toEqual(defaults);
  });

  it('checks the windows before publishing, and shows the message at the field', async () => {
    const { api, user } = renderTab();
    const mobile = await openBookingLocation(user, 'Mobile fitting');
    const end = mobile.getByLabelText('Tuesday window 2 ends');
    await user.clear(end);
    await user.type(end, '09:00');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const summary = within(await screen.findByRole('group', { name: '1 field needs attention' }));
    summary.getByRole('link', { name: 'Booking, Mobile fitting: Tuesday window 2 ends' });
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(end)).toEqual(['The window must end after it starts']);
    expect(api.requests()).not.toContain('PUT /api/site-content');
  });

  it('shows the server’s refusal of a window beside it, opening its location', async () => {
    const { user } = renderTab(makePublished(), {
      'PUT /api/site-content': {
        status: 400,
        body: {
          error: 'Check the highlighted fields',
          fieldErrors: { 'booking.locations.0.week.monday.0.end': ['The window must end after it starts'] },
        },
      },
    });
    const upminster = await openBookingLocation(user, 'Upminster branch');
    await user.click(upminster.getByRole('switch', { name: 'Online booking' }));
    await publish(user);

    const summary = within(await screen.findByRole('group', { name: '1 field needs attention' }));
    summary.getByRole('link', { name: 'Booking, Mobile fitting: Monday window 1 ends' });
    const mobile = within(screen.getByRole('article', { name: /^Mobile fitting/ }));
    const end = mobile.getByLabelText('Monday window 1 ends');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')).toBe('content-booking-locations-0-week-monday-0-end-error');
    expect(descriptionOf(end)).toEqual(['The window must end after it starts']);
  });
});
