// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { answer, serveApi, type ApiAnswer } from '#tests/support/api-handlers.ts';
import { answerDayRoutes, makeDayRoute, makeRouteStop } from '#tests/support/day-route-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { makeJob } from './jobs-test-data.ts';
import type { JobPhoto } from '#common/jobs/jobs.ts';

/**
 * Answers GET /api/jobs with `jobs` of the date asked for, and each job's photos; the requests for
 * the day's jobs (the routes' left out).
 */
function serveJobs(jobs: Job[], photos: JobPhoto[] = []) {
  const { calls } = serveApi(
    answer('GET /api/jobs', ({ query }) => ({
      status: 200,
      body: jobs.filter((job) => job.date === query.get('date')),
    })),
    answer('GET /api/jobs/:id/photos', { status: 200, body: photos }),
    answerDayRoutes(),
  );
  return () => calls.filter((call) => !call.path.startsWith('/api/jobs/route'));
}

const day = [
  makeJob({ id: 1, fitter: null, customer: { ...makeJob().customer, name: 'Tom Hughes' } }),
  makeJob({
    id: 2,
    fitter: { id: 9, name: 'priya' },
    status: 'completed',
    customer: { ...makeJob().customer, name: 'Ann Cole' },
    registration: 'KX19ABC',
    paid: 2_500,
    photos: 2,
    invoice: 'INV-000012',
  }),
  makeJob({
    id: 3,
    window: { start: '10:00', end: '12:00' },
    fitter: { id: 7, name: 'Dave Smith' },
    status: 'on-the-way',
    eta: '10:20',
    customer: { ...makeJob().customer, name: 'Dev Patel', phone: '+44 7700 900456' },
  }),
  makeJob({
    id: 4,
    window: { start: '12:00', end: '14:00' },
    fitter: { id: 7, name: 'Dave Smith' },
    status: 'not-completed',
    notCompletedReason: 'Locking wheel nut key missing',
    customer: { ...makeJob().customer, name: 'Priya Shah' },
  }),
];

const renderDay = (search = '?date=2026-11-24') =>
  renderStaffUi(<JobsTab role="staff" />, { route: `/${search}` });

const card = (name: string) => screen.getByRole('article', { name }) as HTMLElement;

describe('The day', () => {
  it('groups the day’s jobs by fitter, the jobs given to no one last, each with its status', async () => {
    serveJobs(day);
    renderDay();
    await screen.findByRole('heading', { name: /^Dave Smith/ });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Dave Smith2 jobs · 1 on the way, 1 not completed',
      'priya1 job · 1 completed',
      'Not given to a fitter1 job · 1 not started',
    ]);
    const dave = screen.getByRole('region', { name: /^Dave Smith/ });
    expect(
      within(dave)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-labelledby')),
    ).toEqual(['job-3-name', 'job-4-name']);
    within(card('Dev Patel')).getByText('On the way');
    within(card('Dev Patel')).getByText('Expected 10:20');
    within(card('Ann Cole')).getByText('Completed');
    within(card('Tom Hughes')).getByText('Not started');
  });

  it('shows each job’s window, customer, phone to call, address, vehicle and what was paid', async () => {
    serveJobs(day);
    renderDay();
    const dev = within(await screen.findByRole('article', { name: 'Dev Patel' }));
    dev.getByText('10:00–12:00');
    dev.getByText('ENQ-2611-0003');
    expect(dev.getByRole('link', { name: '+44 7700 900456' }).getAttribute('href')).toBe('tel:+447700900456');
    expect(card('Dev Patel').textContent).toContain('12 High Street, Romford, RM3 0AB');
    dev.getByText('AB12 CDE');
    dev.getByText('Not paid');
    const ann = within(card('Ann Cole'));
    ann.getByText('KX19 ABC');
    ann.getByText('Paid in full');
    expect(ann.getByRole('link', { name: /Invoice INV-000012/ }).getAttribute('href')).toBe(
      '/api/jobs/2/invoice.pdf?number=INV-000012',
    );
    expect(dev.queryByRole('link', { name: /Invoice/ })).toBeNull();
  });

  it('highlights a job that could not be completed, with its reason', async () => {
    serveJobs(day);
    renderDay();
    const job = await screen.findByRole('article', { name: 'Priya Shah' });
    within(job).getByText('Not completed', { selector: 'span.rounded-full' });
    expect(job.textContent).toContain('Not completed: Locking wheel nut key missing');
    expect(job.className).toContain('border-l-red-700');
  });

  it('shows a price cut waiting for approval, from what to what and why, without an invoice yet', async () => {
    serveJobs([
      makeJob({
        status: 'completed',
        lines: [{ description: 'Tyres', quantity: 2, unitPence: 0 }],
        total: 0,
        priceChange: { bookedTotal: 13_798, reason: 'Customer is a friend', held: true },
      }),
    ]);
    renderDay();
    const job = await screen.findByRole('article', { name: 'Sarah Mitchell' });
    expect(job.textContent).toContain(
      'Price changed from £137.98 to £0.00: Customer is a friend. The invoice waits until the price is approved in the diary.',
    );
    expect(within(job).queryByRole('link', { name: /INV-/ })).toBeNull();
  });

  it('opens a small gallery of the job’s photos', async () => {
    const requests = serveJobs(day, [
      { id: 5, kind: 'photo', width: 1600, height: 1200, url: '/api/jobs/2/photos/5' },
      { id: 6, kind: 'photo', width: 1600, height: 1200, url: '/api/jobs/2/photos/6' },
    ]);
    renderDay();
    const ann = within(await screen.findByRole('article', { name: 'Ann Cole' }));
    expect(requests().some((call) => call.path.endsWith('/photos'))).toBe(false);
    await userEvent.click(ann.getByRole('button', { name: /2 photos/ }));
    const gallery = await ann.findByRole('list', { name: 'Photos of ENQ-2611-0002' });
    const images = within(gallery).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/jobs/2/photos/5',
      '/api/jobs/2/photos/6',
    ]);
    within(card('Dev Patel')).getByText('No photos');
  });

  it('steps to the day before and after', async () => {
    const requests = serveJobs(day);
    renderDay();
    await screen.findByText('Tuesday 24 November 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await screen.findByText('Wednesday 25 November 2026');
    await screen.findByText('No jobs on this day');
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await screen.findByText('Monday 23 November 2026');
    await waitFor(() =>
      expect(
        requests().map((call) => new URL(call.path, 'http://localhost').searchParams.get('date')),
      ).toEqual(['2026-11-24', '2026-11-25', '2026-11-24', '2026-11-23']),
    );
  });

  it('opens today’s jobs (London) when the address names no day', async () => {
    const requests = serveJobs([]);
    renderDay('');
    await screen.findByText('No jobs on this day');
    expect(requests().map((call) => call.path)).toEqual([`/api/jobs?date=${londonDate(new Date())}`]);
    expect(screen.getByRole('button', { name: 'Today' })).toHaveProperty('disabled', true);
  });

  it('shows why the day could not be loaded, and tries again', async () => {
    serveApi(answer('GET /api/jobs', { status: 500, body: { error: 'The database is unreachable.' } }));
    renderDay();
    await screen.findByText('Failed to load the day’s jobs');
    screen.getByText('The database is unreachable.');
    screen.getByRole('button', { name: 'Try again' });
  });
});

describe('A fitter’s route for the day', () => {
  /** Dave's day (fitter 7) as a route: Dev Patel first from the van's start, then Priya Shah. */
  const daveRoute = makeDayRoute({
    fitterId: 7,
    stops: [
      makeRouteStop({ bookingId: 3, start: '10:00', end: '12:00', arrival: '10:00' }),
      makeRouteStop({
        bookingId: 4,
        start: '12:00',
        end: '14:00',
        arrival: '12:00',
        driveMinutes: 12,
        miles: 4.1,
      }),
    ],
  });

  /** The day with Dave's route, the office's re-ordering answered with `order`. */
  function serveRoutes(order: ApiAnswer<'POST /api/jobs/route/order'>) {
    return serveApi(
      answer('GET /api/jobs', ({ query }) => ({
        status: 200,
        body: day.filter((job) => job.date === query.get('date')),
      })),
      answerDayRoutes((date, fitterId) => (fitterId === 7 ? daveRoute : makeDayRoute({ date, fitterId }))),
      answer('POST /api/jobs/route/order', order),
    );
  }

  it('shows the drive to each job from the one before, and the day’s in all', async () => {
    serveRoutes({ status: 200, body: { ...daveRoute, saving: { minutes: 0, miles: 0 } } });
    renderDay();
    const dave = within(await screen.findByRole('region', { name: /^Dave Smith/ }));
    await dave.findByText('Driving in all:');
    expect(dave.getByText('Driving in all:').parentElement?.textContent).toBe(
      'Driving in all: 37 min · 13.3 mi',
    );
    expect(card('Dev Patel').textContent).toContain(
      '25 min drive from Harold Hill · 9.2 mi · arrives about 10:00',
    );
    expect(card('Priya Shah').textContent).toContain(
      '12 min drive from the previous job · 4.1 mi · arrives about 12:00',
    );
    const priya = within(screen.getByRole('region', { name: /^priya/ }));
    expect(priya.queryByText('Driving in all:')).toBeNull();
    expect(priya.queryByRole('button', { name: 'Put in route order' })).toBeNull();
  });

  it('puts the day in route order, says what it saved and reads the jobs again', async () => {
    const api = serveRoutes([
      { status: 200, body: { ...daveRoute, saving: { minutes: 23, miles: 8.4 } } },
      { status: 200, body: { ...daveRoute, saving: { minutes: 0, miles: 0 } } },
    ]);
    renderDay();
    const dave = within(await screen.findByRole('region', { name: /^Dave Smith/ }));
    const reads = () => api.requests().filter((request) => request.startsWith('GET /api/jobs?')).length;
    await userEvent.click(await dave.findByRole('button', { name: 'Put in route order' }));
    await waitFor(() =>
      expect(dave.getByRole('status').textContent).toBe('Saves 23 min and 8.4 miles of driving'),
    );
    expect(api.calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/jobs/route/order',
      body: { date: '2026-11-24', fitterId: 7 },
    });
    await waitFor(() => expect(reads()).toBe(2));

    await userEvent.click(dave.getByRole('button', { name: 'Put in route order' }));
    await waitFor(() => expect(dave.getByRole('status').textContent).toBe('Already the shortest order'));
  });

  it('says why when no order keeps every window', async () => {
    serveRoutes({
      status: 409,
      body: {
        error: 'No order of this day reaches every customer within their window: move a booking first.',
      },
    });
    renderDay();
    const dave = within(await screen.findByRole('region', { name: /^Dave Smith/ }));
    await userEvent.click(await dave.findByRole('button', { name: 'Put in route order' }));
    expect((await dave.findByRole('alert')).textContent).toBe(
      'No order of this day reaches every customer within their window: move a booking first.',
    );
    expect(dave.getByRole('status').textContent).toBe('');
  });
});
