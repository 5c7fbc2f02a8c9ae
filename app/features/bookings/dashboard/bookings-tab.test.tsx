// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#common/bookings/booking.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { answer, serveApi, type ApiCall } from '#tests/support/api-handlers.ts';
import { textsAnswers } from '#tests/support/texts-data.ts';
import { answerDayRoutes } from '#tests/support/day-route-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { BookingsTab } from './bookings-tab.tsx';
import { formatDiaryDate } from './booking-format.ts';
import { fitters, makeBooking, testFitters } from './booking-test-data.ts';
import { answerBookingSettings } from './diary-api-handlers.ts';

/** Answers GET /api/bookings with those of `bookings` in the range asked for, as the API orders them. */
function serveBookings(bookings: Booking[]) {
  return serveApi(
    answer('GET /api/bookings', ({ query }) => {
      const from = query.get('from')!;
      const to = query.get('to')!;
      return { status: 200, body: bookings.filter((booking) => booking.date >= from && booking.date <= to) };
    }),
    answer('GET /api/fitters', { status: 200, body: testFitters }),
    answerBookingSettings(),
    ...textsAnswers({ configured: false }),
    answerDayRoutes(),
  ).calls;
}

const ranges = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path.startsWith('/api/bookings?'))
    .map((call) => {
      const params = new URL(call.path, 'http://localhost').searchParams;
      return `${params.get('from')}..${params.get('to')}`;
    });

/** The ranges asked for, each once: going back to a range shown before reads it again. */
const distinct = (list: string[]) => [...new Set(list)];

const renderTab = (search = '?date=2026-11-24') => renderStaffUi(<BookingsTab />, { route: `/${search}` });

const section = (name: string | RegExp) => screen.getByRole('region', { name }) as HTMLElement;
const headings = (container: HTMLElement, level: number) =>
  within(container)
    .getAllByRole('heading', { level })
    .map((heading) => heading.textContent);

const tuesday = [
  makeBooking({
    id: 1,
    start: '12:00',
    name: 'Priya Shah',
    registration: 'KX19ABC',
    serviceTitle: 'Tyre Replacement',
    tyre: {
      id: 7,
      description: 'Hankook Ventus Prime 4 205/55 R16 91V',
      quantity: 2,
      price: 7_499,
      total: 14_998,
      source: 'supplier',
      orderedAt: null,
    },
  }),
  makeBooking({
    id: 2,
    name: 'Tom Hughes',
    phone: '+44 7700 900456',
    email: 'tom@example.com',
    registration: 'A123BCD',
    vehicle: 'VW Golf',
    postcode: 'CM1 1AA',
    outsideArea: true,
    notes: 'Locking wheel nut key is in the glovebox.',
    status: 'confirmed',
  }),
  makeBooking({ id: 3, name: 'Sarah Mitchell' }),
  makeBooking({ id: 4, location: 'harold-hill', name: 'Dev Patel', serviceTitle: 'Wheel Balancing' }),
  makeBooking({
    id: 5,
    location: 'harold-hill',
    start: '10:00',
    name: 'Ann Cole',
    status: 'cancelled',
    cancelReason: 'Sold the car',
    cancelledBy: 'alice',
  }),
];

describe('BookingsTab, day view', () => {
  it('asks for the day and shows its bookings by location, then by window in time order', async () => {
    const calls = serveBookings(tuesday);
    renderTab();
    screen.getByRole('heading', { level: 2, name: 'Bookings diary' });
    screen.getByText('Tuesday 24 November 2026');
    await screen.findByRole('heading', { level: 3, name: /^Mobile fitting/ });
    expect(ranges(calls)).toEqual(['2026-11-24..2026-11-24']);

    // Mobile fitting first, then the branches; the cancelled booking is hidden.
    expect(headings(screen.getByRole('region', { name: 'Bookings diary' }), 3)).toEqual([
      'Mobile fitting(3 bookings)',
      'Harold Hill branch(1 booking)',
    ]);
    const mobile = section(/^Mobile fitting/);
    expect(headings(mobile, 4)).toEqual(['08:00–10:002 bookings', '12:00–14:001 booking']);
    const early = within(mobile).getByRole('region', { name: /^08:00–10:00/ });
    expect(headings(early, 5)).toEqual(['Tom Hughes', 'Sarah Mitchell']);
    within(within(mobile).getByRole('region', { name: /^12:00–14:00/ })).getByRole('article', {
      name: 'Priya Shah',
    });
    within(section(/^Harold Hill/)).getByRole('article', { name: 'Dev Patel' });
    expect(screen.queryByRole('article', { name: 'Ann Cole' })).toBeNull();
  });

  it('shows everything the fitter needs on each booking', async () => {
    serveBookings(tuesday);
    renderTab();
    const article = await screen.findByRole('article', { name: 'Tom Hughes' });
    const card = within(article);
    card.getByText('ENQ-2611-0002');
    card.getByText('Confirmed');
    expect(card.getByRole('link', { name: '+44 7700 900456' }).getAttribute('href')).toBe(
      'tel:+447700900456',
    );
    expect(card.getByRole('link', { name: 'tom@example.com' }).getAttribute('href')).toMatch(
      /^mailto:tom@example\.com\?subject=Your%20booking%20ENQ-2611-0002$/,
    );
    const details = article.textContent ?? '';
    expect(details).toContain('Service:Puncture Repair');
    expect(details).toContain('Vehicle:VW Golf');
    expect(details).toContain('Registration:A123BCD');
    expect(details).toContain('Postcode:CM1 1AA (outside the covered area)');
    card.getByText('Outside area');
    card.getByText('Locking wheel nut key is in the glovebox.');

    // Tyres booked with the fitting, and whether they are to be ordered.
    const withTyres = screen.getByRole('article', { name: 'Priya Shah' }).textContent ?? '';
    expect(withTyres).toContain('Tyres:2 × Hankook Ventus Prime 4 205/55 R16 91V, £149.98To order');
    expect(details).not.toContain('Tyres:');

    const current = within(screen.getByRole('article', { name: 'Sarah Mitchell' }));
    current.getByText('AB12 CDE');
    current.getByText('Booked');
    expect(current.queryByText('Outside area')).toBeNull();
  });

  it('shows cancelled bookings on request, greyed, with the reason and who cancelled', async () => {
    serveBookings(tuesday);
    renderTab();
    await screen.findByRole('article', { name: 'Dev Patel' });
    expect(screen.queryByRole('article', { name: 'Ann Cole' })).toBeNull();

    await userEvent.click(screen.getByRole('checkbox', { name: /Show cancelled/ }));
    const article = await screen.findByRole('article', { name: 'Ann Cole' });
    const card = within(article);
    card.getByText('Cancelled', { selector: 'span' });
    expect(article.textContent).toContain('Cancelled by alice: Sold the car');
    expect(card.getByRole('heading', { name: 'Ann Cole' }).className).toContain('line-through');
    // Nothing more can be done with it.
    expect(card.queryByRole('button')).toBeNull();
    expect(headings(section(/^Harold Hill/), 4)).toEqual(['08:00–10:001 booking', '10:00–12:001 booking']);
  });

  it('says when a day has no bookings, and how many cancelled ones are hidden', async () => {
    serveBookings([
      makeBooking({ status: 'cancelled', cancelReason: 'Changed plans', cancelledBy: 'customer' }),
    ]);
    renderTab();
    await screen.findByText('No bookings on this day');
    screen.getByText('1 cancelled booking is hidden.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Show cancelled/ }));
    expect((await screen.findByRole('article', { name: 'Sarah Mitchell' })).textContent).toContain(
      'Cancelled by the customer: Changed plans',
    );
  });

  it('goes to the next and previous day, and back to today (London)', async () => {
    const calls = serveBookings([]);
    const today = londonDate(new Date());
    const start = addDays(today, 40);
    renderTab(`?date=${start}`);
    screen.getByText(formatDiaryDate(start));
    await screen.findByText('No bookings on this day');
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText(formatDiaryDate(addDays(start, 1)));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByText(formatDiaryDate(addDays(start, -1)));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByText(formatDiaryDate(today));
    await waitFor(() => expect(ranges(calls).at(-1)).toBe(`${today}..${today}`));
    expect(distinct(ranges(calls))).toEqual(
      [start, addDays(start, 1), addDays(start, -1), today].map((date) => `${date}..${date}`),
    );
  });

  it('says so when the bookings cannot be read, and tries again', async () => {
    let fail = true;
    const unavailable = { status: 500, body: { error: 'Database unavailable' } } as const;
    serveApi(
      answer('GET /api/bookings', () => (fail ? unavailable : { status: 200, body: [] })),
      answer('GET /api/fitters', () => (fail ? unavailable : { status: 200, body: [] })),
      answerBookingSettings(),
      ...textsAnswers({ configured: false }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load bookings');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No bookings on this day');
  });
});

describe('BookingsTab, opened with nothing booked today', () => {
  it('moves once to the next day with bookings, and says so; Today then shows today', async () => {
    const today = londonDate(new Date());
    const later = addDays(today, 3);
    const calls = serveBookings([
      makeBooking({ id: 30, date: addDays(today, 1), name: 'Cancelled Tomorrow', status: 'cancelled' }),
      makeBooking({ id: 31, date: later, name: 'Later Customer' }),
    ]);
    renderTab('');
    await screen.findByText('Later Customer');
    screen.getByText(formatDiaryDate(later), { selector: 'h3, h2, p, span, div' });
    expect(screen.getByRole('status').textContent).toBe(
      `Nothing is booked for today: this is ${formatDiaryDate(later)}, the next day with bookings.`,
    );
    expect(ranges(calls)).toContain(`${addDays(today, 1)}..${addDays(today, 28)}`);

    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByText('No bookings on this day');
    screen.getByText(formatDiaryDate(today), { selector: 'h3, h2, p, span, div' });
    expect(screen.queryByRole('status')).toBeNull();
    // Today stays: the diary does not move again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Later Customer')).toBeNull();
  });

  it('stays on today when today has bookings, and looks no further', async () => {
    const today = londonDate(new Date());
    const calls = serveBookings([makeBooking({ id: 32, date: today, name: 'Today Customer' })]);
    renderTab('');
    await screen.findByText('Today Customer');
    expect(screen.queryByRole('status')).toBeNull();
    expect(distinct(ranges(calls))).toEqual([`${today}..${today}`]);
  });
});

describe('BookingsTab, closed days', () => {
  it('says a day is closed, with the bank holiday’s name, in the week and on the day', async () => {
    serveBookings([]);
    renderTab('?date=2026-12-23&view=week');
    const christmas = await screen.findByRole('region', { name: 'Friday 25 December 2026' });
    await within(christmas).findByText('Closed: Christmas Day');
    expect(within(section('Wednesday 23 December 2026')).queryByText(/Closed/)).toBeNull();
    await userEvent.click(
      within(christmas).getByRole('button', { name: 'Day view of Friday 25 December 2026' }),
    );
    await screen.findByText('No bookings on this day');
    screen.getByText('Closed: Christmas Day');
  });
});

describe('BookingsTab, week view', () => {
  // A week that is not this one, so no day of it is marked Today.
  const week = [
    makeBooking({ id: 10, date: '2027-02-15', name: 'Monday Mobile' }),
    makeBooking({
      id: 11,
      date: '2027-02-17',
      location: 'upminster',
      start: '14:00',
      name: 'Wednesday Late',
      fitter: fitters.kemal,
    }),
    makeBooking({
      id: 12,
      date: '2027-02-17',
      location: 'upminster',
      name: 'Wednesday Early',
      fitter: fitters.dave,
      job: { status: 'on-the-way', notCompletedReason: null, priceHeld: false, linesReason: null },
    }),
    makeBooking({
      id: 13,
      date: '2027-02-17',
      name: 'Wednesday Mobile',
      status: 'confirmed',
      fitter: fitters.dave,
    }),
    makeBooking({ id: 14, date: '2027-02-21', location: 'harold-hill', name: 'Sunday Branch' }),
  ];

  it('shows Monday to Sunday, each day’s bookings by location in time order, and empty days', async () => {
    const calls = serveBookings(week);
    renderTab('?date=2027-02-17&view=week');
    screen.getByText('Week of 15 – 21 February 2027');
    await screen.findByText('Monday Mobile');
    expect(ranges(calls)).toEqual(['2027-02-15..2027-02-21']);

    const days = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(days).toEqual([
      'Mon 15 FebMonday 15 February 2027',
      'Tue 16 FebTuesday 16 February 2027',
      'Wed 17 FebWednesday 17 February 2027',
      'Thu 18 FebThursday 18 February 2027',
      'Fri 19 FebFriday 19 February 2027',
      'Sat 20 FebSaturday 20 February 2027',
      'Sun 21 FebSunday 21 February 2027',
    ]);
    const wednesday = section('Wednesday 17 February 2027');
    expect(headings(wednesday, 4)).toEqual(['Mobile fitting', 'Upminster branch']);
    const entries = within(wednesday)
      .getAllByRole('listitem')
      .map((entry) => entry.textContent);
    expect(entries).toEqual([
      '08:00–10:00ConfirmedWednesday MobileAB12 CDE · Puncture RepairFitter: Dave Smith',
      '08:00–10:00BookedWednesday EarlyAB12 CDE · Puncture RepairFitter: Dave Smith · On the way',
      '14:00–16:00BookedWednesday LateAB12 CDE · Puncture RepairFitter: kemal',
    ]);
    within(section('Tuesday 16 February 2027')).getByText('No bookings');
    within(section('Sunday 21 February 2027')).getByText('Sunday Branch');
  });

  it('switches between day and week, steps a week at a time, and opens a day', async () => {
    const calls = serveBookings(week);
    renderTab('?date=2027-02-16');
    await screen.findByText('No bookings on this day');
    await userEvent.click(screen.getByRole('button', { name: 'Week', pressed: false }));
    await screen.findByText('Wednesday Early');
    screen.getByRole('button', { name: 'Week', pressed: true });

    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByText('Week of 22 – 28 February 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await screen.findByText('Week of 8 – 14 February 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Day view of Wednesday 17 February 2027' }),
    );
    await screen.findByRole('article', { name: 'Wednesday Early' });
    screen.getByText('Wednesday 17 February 2027');
    screen.getByRole('button', { name: 'Day', pressed: true });
    expect(distinct(ranges(calls))).toEqual([
      '2027-02-16..2027-02-16',
      '2027-02-15..2027-02-21',
      '2027-02-22..2027-02-28',
      '2027-02-08..2027-02-14',
      '2027-02-17..2027-02-17',
    ]);
  });

  it('marks today in this week', async () => {
    serveBookings([]);
    renderTab('?view=week');
    const today = londonDate(new Date());
    // (The simulated browser puts a space between the date and the comma.)
    const name = new RegExp(`^${formatDiaryDate(today)} ?, Today$`);
    await screen.findByRole('heading', { level: 3, name });
  });
});
