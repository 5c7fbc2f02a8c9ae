// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { answerDayRoutes } from '#tests/support/day-route-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { makeJob } from './jobs-test-data.ts';

/** The day's jobs, whose review requests the office switches; answers as the API does. */
function serveJobs(jobs: Job[], refuse = false) {
  const sent: unknown[] = [];
  const api = serveApi(
    answer('GET /api/jobs', { status: 200, body: jobs }),
    answerDayRoutes(),
    answer('PUT /api/jobs/:id/review-request', ({ params, body }) => {
      sent.push(body);
      if (refuse) return { status: 404, body: { error: 'That job does not exist, or it is not yours.' } };
      const job = jobs.find((entry) => entry.id === Number(params.id))!;
      job.reviewRequest = body.reviewRequest;
      return { status: 200, body: { id: job.id, reviewRequest: job.reviewRequest } };
    }),
  );
  return { api, sent };
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('a job’s review request', () => {
  it('is on for every job, and the office switches it off for one', async () => {
    const { sent } = serveJobs([
      makeJob({ id: 1 }),
      makeJob({ id: 2, customer: { ...makeJob().customer, name: 'Tom Hughes' }, reviewRequest: false }),
      makeJob({ id: 3, customer: { ...makeJob().customer, name: 'Priya Shah' }, status: 'not-completed' }),
    ]);
    renderStaffUi(<JobsTab role="staff" />, { route: '/?date=2026-11-24' });
    const sarah = await screen.findByRole('article', { name: 'Sarah Mitchell' });
    const toggle = within(sarah).getByRole('switch', { name: 'Ask for a review the day after' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(card('Tom Hughes').getByRole('switch').getAttribute('aria-checked')).toBe('false');
    // A job that could not be done asks nothing.
    expect(card('Priya Shah').queryByRole('switch')).toBeNull();

    await userEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ reviewRequest: false }]));
    await screen.findByText('Sarah Mitchell is not asked for a review after this job.');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('stays as it was when the change is refused', async () => {
    serveJobs([makeJob({ id: 1 })], true);
    renderStaffUi(<JobsTab role="staff" />, { route: '/?date=2026-11-24' });
    const sarah = await screen.findByRole('article', { name: 'Sarah Mitchell' });
    await userEvent.click(within(sarah).getByRole('switch'));
    await screen.findByText('That job does not exist, or it is not yours.');
    await waitFor(() => expect(within(sarah).getByRole('switch').getAttribute('aria-checked')).toBe('true'));
  });
});
