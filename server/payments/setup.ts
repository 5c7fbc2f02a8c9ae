import { forgetAvailability } from '../bookings/availability.ts';
import type { Config } from '../config.ts';
import type { TaskDefinition } from '../tasks/types.ts';
import { bookingTyres } from '../tyres/booking-tyres.ts';
import { settlePayments } from './booking-payments.ts';
import type { PaymentsDependencies } from './dependencies.ts';
import { lapseUnpaid } from './holds.ts';
import { stripeAccess } from './stripe.ts';

/** The payments' dependencies, from the app's: Stripe while it is set up. */
export function paymentsDependencies(
  parts: Omit<PaymentsDependencies, 'stripe' | 'bookingsChanged'> & { config: Pick<Config, 'stripe'> },
): PaymentsDependencies {
  const { config, ...rest } = parts;
  return {
    ...rest,
    stripe: stripeAccess(config.stripe),
    // A booking released or restored: its window's places and its tyres are read again.
    bookingsChanged: () => {
      forgetAvailability(parts.db);
      bookingTyres.changed(parts.db);
    },
  };
}

/**
 * Every minute while payments are set up: the bookings whose hold ended unpaid released, and what
 * Stripe did not answer before (refunds, closing pages) asked again.
 */
export function paymentsTask(deps: PaymentsDependencies): TaskDefinition {
  return {
    name: 'payments',
    schedule: 'every minute',
    run: async () => {
      const lapsed = await lapseUnpaid(deps);
      await settlePayments(deps);
      return lapsed > 0 ? { lapsed } : undefined;
    },
  };
}
