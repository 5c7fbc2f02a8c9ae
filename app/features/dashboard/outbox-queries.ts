import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitingMessage, WaitingMessages } from '#common/notifications/outbox.ts';
import { apiRequest, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';

const waitingMailQueryKey = ['/api/outbox?status=waiting'] as const;

/** The messages that wait in the outbox. They hold customers' details, so they are read afresh and not kept. */
export function useWaitingMail() {
  return useQuery({
    queryKey: waitingMailQueryKey,
    queryFn: ({ signal }) =>
      apiRequest<WaitingMessages>('GET', '/api/outbox?status=waiting', undefined, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** POST /api/outbox/{id}/send or /discard. */
export function useWaitingMailAction(message: WaitingMessage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'send' | 'discard') => apiRequest('POST', `/api/outbox/${message.id}/${action}`),
    onSuccess: (_answer, action) =>
      toast({ title: action === 'send' ? 'Message sent to the mail server' : 'Message discarded' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Not done', description: messageOf(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitingMailQueryKey }),
  });
}
