import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PaymentLink,
  PaymentLinkRequest,
  PaymentsStatus,
  Reconciliation,
  Refund,
  RefundRequest,
} from '#common/payments/payments.ts';
import { apiRequest } from '#app/lib/api.ts';

const statusQueryKey = ['/api/payments/status'] as const;
const reconcileQueryKey = (date: string) => ['/api/payments/reconcile', { date }] as const;

/**
 * Whether card payments online are set up (GET /api/payments/status). It changes only when the
 * server is configured anew, so it is read once a session: a fitter's phone keeps the answer
 * through a lost signal.
 */
export function usePaymentsStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: statusQueryKey,
    queryFn: ({ signal }) => apiRequest<PaymentsStatus>('GET', '/api/payments/status', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** POST /api/jobs/{id}/payment-link: the link for what is still due, sent by e-mail when asked. */
export function usePaymentLink(jobId: number) {
  return useMutation({
    mutationFn: (body: PaymentLinkRequest) =>
      apiRequest<PaymentLink>('POST', `/api/jobs/${jobId}/payment-link`, body),
  });
}

/** After money goes back, the diary's bookings and the day's takings are read again. */
function useMoneyMoved() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['/api/bookings'] }),
      queryClient.invalidateQueries({ queryKey: ['/api/takings'] }),
    ]);
}

/** POST /api/bookings/{id}/refund (staff): what was paid online and not yet refunded, unless told. */
export function useRefund(bookingId: number) {
  const moneyMoved = useMoneyMoved();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      apiRequest<Refund>('POST', `/api/bookings/${bookingId}/refund`, body),
    onSuccess: () => void moneyMoved(),
  });
}

/** POST /api/payments/refunds/{id}/retry: a refund Stripe refused, asked again. */
export function useRetryRefund() {
  const moneyMoved = useMoneyMoved();
  return useMutation({
    mutationFn: (refundId: number) => apiRequest<Refund>('POST', `/api/payments/refunds/${refundId}/retry`),
    onSuccess: () => void moneyMoved(),
  });
}

/** GET /api/payments/reconcile?date= (owners): the day's payments at Stripe against those here, when asked. */
export function useReconciliation(date: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: reconcileQueryKey(date),
    queryFn: ({ signal }) =>
      apiRequest<Reconciliation>(
        'GET',
        `/api/payments/reconcile?${new URLSearchParams({ date })}`,
        undefined,
        { signal },
      ),
    enabled,
    staleTime: 0,
  });
}
