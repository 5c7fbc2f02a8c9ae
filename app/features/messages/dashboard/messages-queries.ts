import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagesStatus, TextRecord, TextReplies } from '#common/messages/replies.ts';
import { apiRequest } from '#app/lib/api.ts';

const statusQueryKey = ['/api/messages/status'] as const;
const repliesQueryKey = ['/api/messages/replies'] as const;
const threadQueryKey = ['/api/messages/texts'] as const;

/** How often the unread replies are read again while the dashboard is open. */
const repliesRefetchMs = 60_000;

/**
 * Whether texts are set up, and how Twilio last answered (GET /api/messages/status). Whether they
 * are set up changes only when the server is configured anew; the last answers are read again
 * when the Settings tab is opened.
 */
export function useMessagesStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: statusQueryKey,
    queryFn: ({ signal }) => apiRequest<MessagesStatus>('GET', '/api/messages/status', undefined, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/** The customers' replies not yet read, and how many (GET /api/messages/replies?unread=1). */
export function useUnreadReplies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...repliesQueryKey, { unread: true }],
    queryFn: ({ signal }) =>
      apiRequest<TextReplies>('GET', '/api/messages/replies?unread=1', undefined, { signal }),
    refetchInterval: repliesRefetchMs,
    enabled,
  });
}

/** Whose texts a thread is: a booking's or an enquiry's. */
export type TextsOf = { booking: number } | { enquiry: number };

const threadQuery = (of: TextsOf): Record<string, string> =>
  'booking' in of ? { booking: String(of.booking) } : { enquiry: String(of.enquiry) };

/** A booking's or an enquiry's texts, both ways, oldest first (GET /api/messages/texts). */
export function useTextThread(of: TextsOf) {
  return useQuery({
    queryKey: [...threadQueryKey, threadQuery(of)],
    queryFn: ({ signal }) =>
      apiRequest<{ texts: TextRecord[] }>(
        'GET',
        `/api/messages/texts?${new URLSearchParams(threadQuery(of))}`,
        undefined,
        { signal },
      ),
  });
}

/**
 * POST /api/messages/replies/read: replies read, by id or all of a booking's or an enquiry's;
 * the unread replies and the threads are read again.
 */
export function useMarkRepliesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids?: number[]; bookingId?: number; enquiryId?: number }) =>
      apiRequest<{ read: number; unread: number }>('POST', '/api/messages/replies/read', which),
    onSuccess: ({ read }) => {
      if (read === 0) return;
      void queryClient.invalidateQueries({ queryKey: repliesQueryKey });
      void queryClient.invalidateQueries({ queryKey: threadQueryKey });
    },
  });
}
