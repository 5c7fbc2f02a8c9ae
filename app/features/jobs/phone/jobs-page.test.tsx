// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigationType } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayText } from '#common/bookings/booking.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { answer, networkFailure, serveApi, type ApiAnswer } from '#tests/support/api-handlers.ts';
import { messagesStatus } from '#tests/support/texts-data.ts';
import { staffUser } from '#tests/support/staff-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { JobsPage } from './jobs-page.tsx';
import { memoryStore } from './phone-store.ts';
import { makeJob } from './phone-test-data.tsx';
import { makeDayRoute, makeRouteStop } from '#tests/support/day-route-data.ts';

const today = londonDate(new Date());
const later = addDays(today, 3);

/** The address as the page left it, and how it got there (a replaced entry, or a new one). */
function Address() {
  const location = useLocation();
  return (
    <p data-testid="address">
      {location.pathname}
      {location.search} {useNavigationType()}
    </p>
  );
}

const address = () => screen.getByTestId('address').textContent;

/**
 * My jobs at `route` for a fitter (a user id of its own per test: the phone's queue is kept per
 * account), with a job on `later` and none on other days; `next` answers "Next job", `roads` the
 * day's route by road (no stops unless told).
 */
function renderPage({
  route = '/admin/jobs',
  next = { status: 200, body: { date: later } },
  userId = 3,
  store = memoryStore(),
  roads = ({ query }) => ({
    status: 200,
    body: makeDayRoute({ date: query.get('date')!, fitterId: Number(query.get('fitterId')) }),
  }),
  days = ({ query }) => ({
    status: 200,
    body:
      query.get('date') === later
        ? [makeJob({ date: later, customer: { ...makeJob().customer, name: 'Jo Later' } })]
        : [],
  }),
}: {
  route?: string;
  next?: ApiAnswer<'GET /api/jobs/next'>;
  userId?: number;
  store?: ReturnType<typeof memoryStore>;
  days?: ApiAnswer<'GET /api/jobs'>;
  roads?: ApiAnswer<'GET /api/jobs/route'>;
} = {}) {
  const api = serveApi(
    answer('GET /api/jobs', days),
    answer('GET /api/jobs/route', roads),
    answer('GET /api/jobs/next', next),
    answer('GET /api/payments/status', { status: 200, body: { configured: true } }),
    answer('GET /api/messages/status', { status: 200, body: messagesStatus({ configured: false }) }),
    answer('POST /api/jobs/:id/payment-link', {
      status: 201,
      body: { url: 'https://checkout.stripe.com/c/pay/cs_test_b2', amountPence: 2500, qrSvg: '<svg></svg>' },
    }),
  );
  renderStaffUi(
    <>
      <JobsPage user={staffUser({ id: userId, role: 'fitter' })} store={store} />
      <Address />
    </>,
    { route },
  );
  return { ...api, store, user: userEvent.setup() };
}

const heading = () => screen.getByRole('heading', { level: 2, name: /\d{4}$/ });

describe('My jobs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the day the address names, and moving between days replaces the address', async () => {
    const { user, requests } = renderPage({ route: `/admin/jobs?date=${later}`, userId: 11 });
    expect(heading().textContent).toBe(dayText(later));
    await screen.findByText('Jo Later');
    expect(requests()).toContain(`GET /api/jobs?date=${later}`);

    await user.click(screen.getByRole('button', { name: 'The day after' }));
    expect(heading().textContent).toBe(dayText(addDays(later, 1)));
    expect(address()).toBe(`/admin/jobs?date=${addDays(later, 1)} REPLACE`);
    await screen.findByText('No jobs for you on this day.');
  });

  it('goes back to today, whose address is the bare one, and Today waits there', async () => {
    const { user } = renderPage({ route: `/admin/jobs?date=${later}`, userId: 12 });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(heading().textContent).toBe(dayText(today));
    expect(screen.getByText('Today', { selector: 'p' })).toBeTruthy();
    expect(address()).toBe('/admin/jobs REPLACE');
    expect((screen.getByRole('button', { name: 'Today' }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('No jobs for you on this day.');
  });

  it('opens today when the address names no day, or not a real one', async () => {
    renderPage({ route: '/admin/jobs?date=2026-02-30', userId: 13 });
    expect(heading().textContent).toBe(dayText(today));
    // The day's answer in before the test ends, so that no request outlives it.
    await screen.findByText('No jobs for you on this day.');
  });

  it('goes to the next day with a job, from the day shown', async () => {
    const { user, requests } = renderPage({ userId: 14 });
    await user.click(screen.getByRole('button', { name: 'Next job' }));
    await screen.findByText('Jo Later');
    expect(heading().textContent).toBe(dayText(later));
    expect(address()).toBe(`/admin/jobs?date=${later} REPLACE`);
    expect(requests()).toContain(`GET /api/jobs/next?after=${today}`);
  });

  it('says when no later day has a job', async () => {
    const { user } = renderPage({ next: { status: 200, body: { date: null } }, userId: 15 });
    await user.click(screen.getByRole('button', { name: 'Next job' }));
    expect(await screen.findByText(`No jobs booked for you after ${dayText(today)}.`)).toBeTruthy();
    expect(heading().textContent).toBe(dayText(today));
    expect(address()).toBe('/admin/jobs POP');
    await screen.findByText('No jobs for you on this day.');
  });

  it('without signal, says a day is not on the phone and finds the next job among the kept days', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const store = memoryStore();
    const kept = (jobs: number) => ({
      jobs: Array.from({ length: jobs }, () => makeJob({ date: later })),
      savedAt: new Date().toISOString(),
    });
    await store.set(`day:16:${addDays(today, 1)}`, kept(0));
    await store.set(`day:16:${later}`, kept(1));
    const { user } = renderPage({
      store,
      userId: 16,
      next: networkFailure,
      days: networkFailure,
      roads: networkFailure,
    });

    expect(await screen.findByText(`${dayText(today)} is not on this phone`, { exact: false })).toBeTruthy();
    const status = screen.getAllByRole('status').map((line) => line.textContent);
    expect(status.join(' ')).not.toContain('Everything is sent');
    expect(status.join(' ')).toContain('sent when the signal returns');

    await user.click(screen.getByRole('button', { name: 'Next job' }));
    await waitFor(() => expect(heading().textContent).toBe(dayText(later)));
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Sam Driver')).toBeTruthy();
    expect(screen.getByText(/^As loaded at /)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next job' }));
    expect(await screen.findByText(/No later day with a job is kept on this phone/)).toBeTruthy();
  });

  it('shows each job’s drive and arrival from the fitter’s own route, and the day’s maps links', async () => {
    const first = makeJob({ id: 21, customer: { ...makeJob().customer, name: 'Ann First' } });
    const second = makeJob({
      id: 22,
      window: { start: '10:00', end: '12:00' },
      customer: { ...makeJob().customer, name: 'Bob Second', address: '3 Straight Road, Romford' },
    });
    const { requests, user } = renderPage({
      userId: 18,
      days: { status: 200, body: [first, second] },
      roads: ({ query }) => ({
        status: 200,
        body: makeDayRoute({
          date: query.get('date')!,
          fitterId: 18,
          stops: [
            makeRouteStop({ bookingId: 21 }),
            makeRouteStop({
              bookingId: 22,
              arrival: '10:00',
              driveMinutes: 12,
              miles: 4.1,
              latitude: 51.59,
              longitude: 0.22,
            }),
          ],
        }),
      }),
    });
    const bob = await screen.findByRole('article', { name: '10:00am – 12:00pm' });
    await within(bob).findByText('12 min drive · 4.1 mi');
    within(bob).getByText('Arrive about 10:00am');
    within(screen.getByRole('article', { name: '8:00am – 10:00am' })).getByText(
      'From Harold Hill: 25 min drive · 9.2 mi',
    );
    expect(requests()).toContain(`GET /api/jobs/route?date=${today}&fitterId=18`);

    await user.click(screen.getByText('Route for the day'));
    const links = within(screen.getByRole('list', { name: 'Route for the day with' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Google Maps', 'Apple Maps', 'Waze (next stop)']);
    expect(links[2]!.getAttribute('href')).toBe('https://waze.com/ul?ll=51.6012,0.2345&navigate=yes');
  });

  it('shows the jobs without drives when the route cannot be read', async () => {
    renderPage({
      userId: 19,
      days: { status: 200, body: [makeJob({ id: 23 })] },
      roads: networkFailure,
    });
    await screen.findByText('Sam Driver');
    await waitFor(() => expect(screen.queryByText(/min drive/)).toBeNull());
    expect(screen.getByText('Route for the day')).toBeTruthy();
  });

  it('shows the job paid in full once a re-read while its payment link is open finds it paid', async () => {
    let paidOnline = false;
    const { user, requests } = renderPage({
      userId: 17,
      days: () => ({
        status: 200,
        body: [makeJob({ status: 'completed', paid: paidOnline ? 2500 : 0 })],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Card payment link' }));
    const shown = within(await screen.findByRole('region', { name: 'Card payment link' }));
    shown.getByText('Waiting for the payment…');
    const reads = requests().filter((request) => request.startsWith('GET /api/jobs?')).length;

    paidOnline = true;
    await waitFor(() => shown.getByText('Paid in full'), { timeout: 5_000 });
    expect(requests().filter((request) => request.startsWith('GET /api/jobs?')).length).toBe(reads + 1);
    expect(shown.queryByRole('img')).toBeNull();
    screen.getByText('Paid in full (£25.00)');
    await user.click(shown.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'Card payment link' })).toBeNull();
  });
});
