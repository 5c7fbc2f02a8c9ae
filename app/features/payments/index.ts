// What the rest of the app may use of this feature: card payments online through Stripe.
export {
  usePaymentLink,
  usePaymentsStatus,
  useReconciliation,
  useRefund,
  useRetryRefund,
} from './payments-queries.ts';
export { RefundOutcome } from './refund-outcome.tsx';
