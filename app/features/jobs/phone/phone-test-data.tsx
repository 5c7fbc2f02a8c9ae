import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import type { DriveThere } from '#common/routing/day-route.ts';
import { londonDate } from '#common/time/london.ts';
import { answer, serveApi, type ApiHandler } from '#tests/support/api-handlers.ts';
import { messagesStatus } from '#tests/support/texts-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import type { ActionRequest } from './action-queue.ts';
import { JobCard } from './job-card.tsx';
import type { Coordinates } from './route-links.ts';

/** Test data: a job of the fitter's day as GET /api/jobs lists it, with overrides. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 7,
    reference: 'ENQ-2611-0007',
    date: londonDate(new Date()),
    window: { start: '08:00', end: '10:00' },
    status: 'scheduled',
    eta: null,
    fitter: { id: 3, name: 'frank' },
    customer: {
      name: 'Sam Driver',
      phone: '07700 900456',
      address: '12 Gooshays Drive, Romford',
      postcode: 'RM3 0AB',
    },
    location: 'mobile',
    locationName: 'Mobile fitting',
    vehicle: 'Vauxhall Corsa',
    registration: 'AB12CDE',
    service: 'Puncture Repair',
    tyres: null,
    notes: '',
    lockingNuts: null,
    notCompletedReason: null,
    lines: [{ description: 'Puncture Repair', quantity: 1, unitPence: 2500 }],
    total: 2500,
    paid: 0,
    priceChange: null,
    photos: 0,
    invoice: null,
    credited: 0,
    reviewRequest: true,
    ...overrides,
  };
}

/**
 * The card with a queue that records what the fitter did. The API says whether card payments are
 * set up (not unless `payments`) and whether texts are (not unless `texts`), and answers the
 * test's `own` routes. `drive` and `at` are what the day's route tells of the job, when known.
 */
export function renderCard(
  job: Job,
  {
    payments = false,
    texts = false,
    own = [],
    drive = null,
    at = null,
  }: {
    payments?: boolean;
    texts?: boolean;
    own?: ApiHandler[];
    drive?: DriveThere | null;
    at?: Coordinates | null;
  } = {},
) {
  const added: { label: string; request: ActionRequest }[] = [];
  const add = vi.fn(async (_job: Job, label: string, request: (key: string) => ActionRequest) => {
    added.push({ label, request: request('key-1') });
  });
  const api = serveApi(
    ...own,
    answer('GET /api/payments/status', { status: 200, body: { configured: payments } }),
    answer('GET /api/messages/status', { status: 200, body: messagesStatus({ configured: texts }) }),
  );
  renderStaffUi(<JobCard job={job} waiting={0} add={add} drive={drive} at={at} />);
  return { added, api, user: userEvent.setup() };
}
