import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Job, NextJobDay } from '#common/jobs/jobs.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import { createActionQueue, type ActionQueue, type QueueState } from './action-queue.ts';
import { withPendingActions } from './pending-view.ts';
import { actionsKey, indexedDbStore, type PhoneStore } from './phone-store.ts';

/** The day's jobs as kept on the phone, and when they were loaded. */
type KeptDay = { jobs: Job[]; savedAt: string };
type PhoneDay = KeptDay & { fromPhone: boolean };

const dayKey = (userId: number, date: string) => `day:${userId}:${date}`;

/** Asked for without signal, a day the phone has not kept: it is kept once opened with signal. */
export class DayNotOnPhone extends Error {
  constructor() {
    super('This day is not kept on this phone.');
    this.name = 'DayNotOnPhone';
  }
}

/** The server answered nothing (no signal), or failed: the phone's own copy may answer instead. */
const unanswered = (error: unknown) => !(error instanceof ApiError && error.status < 500);
const jobsQueryKey = (userId: number, date: string) => ['/api/jobs', userId, date] as const;

/** How often waiting actions are tried again while there is no signal. */
const retryMs = 15_000;

/**
 * The fitter's day: loaded from the server when it can be (and then kept on the phone), else as
 * the phone kept it, so a reload without signal still shows the day.
 */
export function useDayJobs(userId: number, date: string, store: PhoneStore = indexedDbStore()) {
  return useQuery({
    queryKey: jobsQueryKey(userId, date),
    // Asked even without signal: the phone's copy answers then.
    networkMode: 'always',
    refetchInterval: 60_000,
    queryFn: async (): Promise<PhoneDay> => {
      try {
        const jobs = await apiRequest<Job[]>('GET', `/api/jobs?date=${date}`);
        const kept = { jobs, savedAt: new Date().toISOString() };
        await store.set(dayKey(userId, date), kept);
        return { ...kept, fromPhone: false };
      } catch (error) {
        // A refusal (signed out, forbidden) is the server's answer; only a missing answer falls back.
        if (!unanswered(error)) throw error;
        const kept = await store.get<KeptDay>(dayKey(userId, date));
        if (!kept) throw error instanceof ApiError ? error : new DayNotOnPhone();
        return { ...kept, fromPhone: true };
      }
    },
  });
}

/**
 * While `active`, the fitter's days are read again every `everyMs`: a customer paying by the link
 * at the kerb shows on the job within seconds, as the server records Stripe's word of it.
 */
export function useDaysReadAgain(active: boolean, everyMs: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: ['/api/jobs'] }), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, queryClient]);
}

/** The first day after `after` kept on the phone with a job of the fitter's, or null. */
async function nextKeptDay(store: PhoneStore, userId: number, after: string): Promise<string | null> {
  const prefix = dayKey(userId, '');
  const dates = (await store.keys())
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length))
    .filter((date) => date > after)
    .sort();
  for (const date of dates) {
    if ((await store.get<KeptDay>(dayKey(userId, date)))?.jobs.length) return date;
  }
  return null;
}

/** Where "Next job" leads: a day, or none; `fromPhone` when only the days kept on the phone were looked at. */
export type NextDay = NextJobDay & { fromPhone: boolean };

/**
 * "Next job": the first day after the one shown with a job of the fitter's, as the server knows
 * it, else (without signal) among the days kept on the phone.
 */
export function useNextJobDay(userId: number, store: PhoneStore = indexedDbStore()) {
  return useMutation({
    // Asked even without signal: the phone's days answer then.
    networkMode: 'always',
    mutationFn: async (after: string): Promise<NextDay> => {
      try {
        const next = await apiRequest<NextJobDay>('GET', `/api/jobs/next?after=${after}`);
        return { date: next.date, fromPhone: false };
      } catch (error) {
        if (!unanswered(error)) throw error;
        return { date: await nextKeptDay(store, userId, after), fromPhone: true };
      }
    },
  });
}

const queues = new Map<string, ActionQueue>();

/**
 * The fitter's queue of actions, one per account and store, shared by My jobs and the sign-out:
 * once something is sent the day is loaded again; refused as signed out, the day is asked for
 * again too, and its refusal ends the page as any other.
 */
function actionQueueOf(userId: number, store: PhoneStore, queryClient: QueryClient): ActionQueue {
  const storageKey = actionsKey(userId);
  let found = queues.get(storageKey);
  if (!found) {
    const loadDayAgain = () => void queryClient.invalidateQueries({ queryKey: ['/api/jobs', userId] });
    found = createActionQueue({ store, storageKey, onSent: loadDayAgain, onSignedOut: loadDayAgain });
    queues.set(storageKey, found);
  }
  return found;
}

/** Sends what waits on the phone now (at sign-out); answers what is left, and why. */
export async function sendActionsOnPhone(
  userId: number,
  queryClient: QueryClient,
  store: PhoneStore = indexedDbStore(),
): Promise<QueueState> {
  const queue = actionQueueOf(userId, store, queryClient);
  await queue.load();
  await queue.flush();
  return queue.getSnapshot();
}

/**
 * The fitter's queue of actions: loaded from the phone, sent when the signal returns and every
 * little while until it has all gone.
 */
export function useActionQueue(userId: number, store: PhoneStore = indexedDbStore()) {
  const queryClient = useQueryClient();
  const queue = useMemo(() => actionQueueOf(userId, store, queryClient), [userId, store, queryClient]);
  const state = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);

  useEffect(() => {
    void queue.load().then(() => queue.flush());
    const flush = () => void queue.flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queue]);

  const waiting = state.actions.some((action) => !action.refused);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void queue.flush(), retryMs);
    return () => clearInterval(timer);
  }, [queue, waiting]);

  return { queue, state };
}

/** The day with what waits on the phone applied. */
export const shownJobs = (day: PhoneDay | undefined, state: QueueState) =>
  day ? withPendingActions(day.jobs, state.actions) : [];
