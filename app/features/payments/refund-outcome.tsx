import type { Refund } from '#common/payments/payments.ts';
import { formatPence } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { useRetryRefund } from './payments-queries.ts';

/** A refund's state in words: done, asked and not yet confirmed, or refused. */
export function refundStateText(refund: Pick<Refund, 'status' | 'amountPence'>): string {
  switch (refund.status) {
    case 'succeeded':
      return `Refunded ${formatPence(refund.amountPence)}`;
    case 'pending':
      return 'Refund asked of Stripe';
    case 'failed':
      return `Refund of ${formatPence(refund.amountPence)} failed`;
  }
}

const toneOf: Record<Refund['status'], string> = {
  succeeded: 'bg-brand-light text-ink',
  pending: 'bg-amber-50 text-amber-900',
  failed: 'border border-red-200 bg-red-50 text-red-800',
};

/**
 * What became of a refund: done, asked of Stripe, or refused with Stripe's reason and a way to
 * ask again. `onRetried` is given Stripe's new answer.
 */
export function RefundOutcome({
  refund,
  onRetried,
}: {
  refund: Refund;
  onRetried?: (refund: Refund) => void;
}) {
  const retry = useRetryRefund();
  const tryAgain = () => {
    if (retry.isPending) return;
    retry.mutate(refund.id, {
      onSuccess: (answer) => onRetried?.(answer),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Refund not asked again', description: messageOf(error) }),
    });
  };
  return (
    <div role="status" className={`grid gap-2 rounded-lg p-3 text-sm ${toneOf[refund.status]}`}>
      <p className="font-semibold">{refundStateText(refund)}</p>
      {refund.status === 'failed' && (
        <>
          <p>{refund.failure ?? 'Stripe gave no reason.'}</p>
          <Button
            type="button"
            variant="outline"
            aria-disabled={retry.isPending}
            onClick={tryAgain}
            className="justify-self-start"
          >
            {retry.isPending ? 'Trying again…' : 'Try again'}
            <span className="sr-only">
              {' '}
              the refund of {refund.reference ?? formatPence(refund.amountPence)}
            </span>
          </Button>
        </>
      )}
    </div>
  );
}
