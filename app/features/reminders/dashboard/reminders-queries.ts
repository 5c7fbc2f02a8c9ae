import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Reminder, ReminderKind, ReminderStatus } from '#common/reminders/reminders.ts';
import type { ReminderSummary } from '#common/reminders/summary.ts';
import { apiRequest } from '#app/lib/api.ts';

/** Which kind and which status the list shows; `'all'` for no filter. */
export type ReminderFilters = { kind: ReminderKind | 'all'; status: ReminderStatus | 'all' };

export const noReminderFilters: ReminderFilters = { kind: 'all', status: 'all' };

/** Every reminders query sits under this key: the summary and each filtered list. */
const remindersQueryKey = ['/api/reminders'] as const;
const reminderSummaryQueryKey = [...remindersQueryKey, 'summary'] as const;
const reminderListQueryKey = (filters: ReminderFilters) => [...remindersQueryKey, filters] as const;

/** GET /api/reminders with the filters chosen, soonest due first. */
function remindersPath(filters: ReminderFilters): string {
  const params = new URLSearchParams();
  if (filters.kind !== 'all') params.set('kind', filters.kind);
  if (filters.status !== 'all') params.set('status', filters.status);
  const query = params.toString();
  return query ? `/api/reminders?${query}` : '/api/reminders';
}

/** Each kind's counts and the unsubscribed addresses, read afresh whenever the section opens. */
export function useReminderSummary() {
  return useQuery({
    queryKey: reminderSummaryQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<ReminderSummary>('GET', '/api/reminders/summary', undefined, { signal }),
    staleTime: 0,
  });
}

/** The reminders the filters pick; the previous list stays on screen while another loads. */
export function useReminderList(filters: ReminderFilters) {
  return useQuery({
    queryKey: reminderListQueryKey(filters),
    queryFn: ({ signal }) => apiRequest<Reminder[]>('GET', remindersPath(filters), undefined, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * POST /api/reminders/send-due (owners): sends every reminder due now. The counts and the lists
 * are read again afterwards, whether or not it worked (some may have gone before a failure).
 */
export function useSendDueReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ sent: number }>('POST', '/api/reminders/send-due'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}
