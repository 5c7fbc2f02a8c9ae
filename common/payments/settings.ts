// zod/mini: the dashboard's Settings tab checks these as the API does.
import * as z from 'zod/mini';
import { fieldChanges } from '#common/util/field-changes.ts';
import { wholeNumberOf as wholeNumber } from '#common/util/number-fields.ts';
import type { DepositTerms } from './payments.ts';

/**
 * The payments' settings (the Settings tab's Payments; common/settings/domains.ts): whether a
 * deposit is taken online when a customer books, and how much; how long before the window a
 * cancelled booking's deposit is refunded by itself; and how long an unpaid booking holds its
 * window and tyres. They take effect only while card payments are configured (STRIPE_*).
 */

export const depositKinds = ['none', 'fixed', 'percent'] as const;
export type DepositKind = (typeof depositKinds)[number];

export const depositKindLabels: Record<DepositKind, string> = {
  none: 'No deposit: customers pay on the day',
  fixed: 'A fixed amount',
  percent: 'A percentage of the booking',
};

/** The least Stripe takes in one card payment in pounds sterling (30p): a smaller deposit is not asked. */
export const smallestCardPaymentPence = 30;

/** Stripe keeps a Checkout page open at least 30 minutes and at most 24 hours. */
export const holdMinutesLimits = { min: 30, max: 24 * 60 } as const;


export const paymentSettingsSchema = z.object({
  deposit: z.object({
    kind: z.enum(depositKinds, 'Choose no deposit, a fixed amount or a percentage'),
    /** The fixed deposit, in pence (£50 by default); never more than the booking's total. */
    fixedPence: wholeNumber('pence', smallestCardPaymentPence, 100_000),
    /** The deposit as a percentage of the booking's total (20 by default). */
    percent: wholeNumber('per cent', 1, 100),
    /** The services (their keys: `tyre-fitting`, `mot`) a deposit is taken for; empty: every one. */
    services: z.array(z.string().check(z.minLength(1), z.maxLength(80))).check(z.maxLength(50)),
  }),
  /** A booking cancelled more than this many hours before its window has its deposit refunded by itself. */
  refundableHours: wholeNumber('hours', 0, 24 * 30),
  /** How long an unpaid booking holds its window and tyres before they are released. */
  holdMinutes: wholeNumber('minutes', holdMinutesLimits.min, holdMinutesLimits.max),
});

export type PaymentSettings = z.output<typeof paymentSettingsSchema>;

export const defaultPaymentSettings: PaymentSettings = {
  deposit: { kind: 'none', fixedPence: 5000, percent: 20, services: [] },
  refundableHours: 24,
  holdMinutes: 30,
};

/** What changed, in words, for the settings' history. */
export const paymentSettingsChanges = (before: PaymentSettings, after: PaymentSettings) => [
  ...fieldChanges('Payments', before.deposit, after.deposit, {
    kind: 'deposit',
    fixedPence: 'fixed deposit (pence)',
    percent: 'deposit (per cent)',
    services: 'services with a deposit',
  }),
  ...fieldChanges('Payments', before, after, {
    refundableHours: 'refunded when cancelled more than (hours) before',
    holdMinutes: 'unpaid bookings held for (minutes)',
  }),
];

/**
 * The deposit a booking of `service` coming to `totalPence` (VAT included; 0 when the site states
 * no price) is asked for online, in pence, or 0 when none is: no rule, a service the rule leaves
 * out, a percentage of nothing, or less than a card payment can be.
 */
export function depositFor(
  settings: PaymentSettings,
  booking: { service: string; totalPence: number },
): number {
  const { deposit } = settings;
  if (deposit.kind === 'none') return 0;
  if (deposit.services.length > 0 && !deposit.services.includes(booking.service)) return 0;
  const amount =
    deposit.kind === 'fixed'
      ? booking.totalPence > 0
        ? Math.min(deposit.fixedPence, booking.totalPence)
        : deposit.fixedPence
      : Math.round((booking.totalPence * deposit.percent) / 100);
  return amount >= smallestCardPaymentPence ? amount : 0;
}

/** The deposit terms customers are told of, or null when none is taken (or payments are off). */
export function depositTermsOf(settings: PaymentSettings, configured: boolean): DepositTerms | null {
  if (!configured || settings.deposit.kind === 'none') return null;
  const { kind, fixedPence, percent, services } = settings.deposit;
  return {
    kind,
    fixedPence,
    percent,
    services,
    refundableHours: settings.refundableHours,
    holdMinutes: settings.holdMinutes,
  };
}
