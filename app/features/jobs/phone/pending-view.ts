import type { Job } from '#common/jobs/jobs.ts';
import type { QueuedAction } from './action-queue.ts';

/**
 * The day as the fitter sees it: the jobs as the server last sent them, with the actions still
 * waiting on the phone applied on top, so that "On my way" pressed without signal shows at once.
 * Actions the server refused change nothing.
 */
export function withPendingActions(jobs: readonly Job[], actions: readonly QueuedAction[]): Job[] {
  return jobs.map((job) =>
    actions
      .filter((action) => action.jobId === job.id && !action.refused)
      .reduce<Job>((shown, { request }) => {
        if (request.kind === 'payment') return { ...shown, paid: shown.paid + request.body.amount };
        if (request.kind === 'file') {
          return request.fileKind === 'photo' ? { ...shown, photos: shown.photos + 1 } : shown;
        }
        const event = request.body;
        switch (event.type) {
          case 'on-the-way':
            return { ...shown, status: 'on-the-way', eta: event.eta ?? shown.eta ?? shown.window.start };
          case 'arrived':
            return { ...shown, status: 'arrived' };
          case 'not-completed':
            return { ...shown, status: 'not-completed', notCompletedReason: String(event.reason) };
          case 'completed': {
            const lines = (event.lines as Job['lines'] | undefined) ?? shown.lines;
            const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPence, 0);
            return { ...shown, status: 'completed', lines, total };
          }
        }
        return shown;
      }, job),
  );
}

/** How many actions of a job still wait to be sent. */
export const waitingFor = (actions: readonly QueuedAction[], jobId: number) =>
  actions.filter((action) => action.jobId === jobId && !action.refused).length;
