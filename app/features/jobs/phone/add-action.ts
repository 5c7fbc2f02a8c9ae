import type { Job, JobEventInput } from '#common/jobs/jobs.ts';
import type { ActionRequest } from './action-queue.ts';

// What the job's forms queue their actions with: the page (jobs-page.tsx) hands `AddAction` down
// through the job's card and actions to each form.

/** Keeps an action on the phone and sends it when it can. */
export type AddAction = (job: Job, label: string, request: (key: string) => ActionRequest) => Promise<void>;

/** An event as the fitter gives it; the key is added when it is queued. */
export type EventWithoutKey = JobEventInput extends infer Event
  ? Event extends unknown
    ? Omit<Event, 'idempotencyKey'>
    : never
  : never;

/** Queues an event of the job with a new key. */
export const addEvent = (add: AddAction, job: Job, label: string, body: EventWithoutKey) =>
  add(job, label, (key) => ({
    kind: 'event',
    body: { ...body, idempotencyKey: key } as JobEventInput & { idempotencyKey: string },
  }));
