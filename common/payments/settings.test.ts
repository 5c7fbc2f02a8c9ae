import { describe, expect, it } from 'vitest';
import {
  defaultPaymentSettings,
  depositFor,
  depositTermsOf,
  paymentSettingsChanges,
  paymentSettingsSchema,
} from './settings.ts';

const rule = (deposit: Partial<typeof defaultPaymentSettings.deposit>) => ({
  ...defaultPaymentSettings,
  deposit: { ...defaultPaymentSettings.deposit, ...deposit },
});

describe('the deposit a booking is asked', () => {
  it('is none by default, and none for a service the rule leaves out', () => {
    expect(depositFor(defaultPaymentSettings, { service: 'tyre-replacement', totalPence: 17_998 })).toBe(0);
    expect(
      depositFor(rule({ kind: 'fixed', services: ['mot'] }), {
        service: 'tyre-replacement',
        totalPence: 17_998,
      }),
    ).toBe(0);
    expect(
      depositFor(rule({ kind: 'fixed', services: ['mot'] }), { service: 'mot', totalPence: 5_485 }),
    ).toBe(5000);
  });

  it('is the fixed amount, never more than the booking comes to; for an unpriced service, the amount', () => {
    expect(depositFor(rule({ kind: 'fixed', fixedPence: 5000 }), { service: 'x', totalPence: 17_998 })).toBe(
      5000,
    );
    expect(depositFor(rule({ kind: 'fixed', fixedPence: 5000 }), { service: 'x', totalPence: 2500 })).toBe(
      2500,
    );
    expect(depositFor(rule({ kind: 'fixed', fixedPence: 5000 }), { service: 'x', totalPence: 0 })).toBe(5000);
  });

  it('is the percentage of the total, rounded to the penny; nothing of nothing, nor under 30p', () => {
    expect(depositFor(rule({ kind: 'percent', percent: 20 }), { service: 'x', totalPence: 17_998 })).toBe(
      3600,
    );
    expect(depositFor(rule({ kind: 'percent', percent: 15 }), { service: 'x', totalPence: 999 })).toBe(150);
    expect(depositFor(rule({ kind: 'percent', percent: 20 }), { service: 'x', totalPence: 0 })).toBe(0);
    expect(depositFor(rule({ kind: 'percent', percent: 1 }), { service: 'x', totalPence: 2900 })).toBe(0);
    expect(depositFor(rule({ kind: 'percent', percent: 1 }), { service: 'x', totalPence: 3000 })).toBe(30);
  });
});

describe('the payments settings', () => {
  it('hold unpaid bookings from 30 minutes to 24 hours, as Stripe keeps a Checkout page open', () => {
    expect(paymentSettingsSchema.safeParse({ ...defaultPaymentSettings, holdMinutes: 29 }).success).toBe(
      false,
    );
    expect(paymentSettingsSchema.safeParse({ ...defaultPaymentSettings, holdMinutes: 1441 }).success).toBe(
      false,
    );
    expect(paymentSettingsSchema.safeParse({ ...defaultPaymentSettings, holdMinutes: 1440 }).success).toBe(
      true,
    );
    expect(paymentSettingsSchema.safeParse(rule({ kind: 'fixed', fixedPence: 29 })).success).toBe(false);
  });

  it('say what changed in words', () => {
    expect(
      paymentSettingsChanges(defaultPaymentSettings, { ...rule({ kind: 'percent' }), holdMinutes: 45 }),
    ).toEqual([
      'Payments: deposit “none” → “percent”',
      'Payments: unpaid bookings held for (minutes) “30” → “45”',
    ]);
  });

  it('are told to customers only while payments are set up and a deposit is taken', () => {
    expect(depositTermsOf(rule({ kind: 'fixed' }), false)).toBeNull();
    expect(depositTermsOf(defaultPaymentSettings, true)).toBeNull();
    expect(depositTermsOf(rule({ kind: 'fixed' }), true)).toEqual({
      kind: 'fixed',
      fixedPence: 5000,
      percent: 20,
      services: [],
      refundableHours: 24,
      holdMinutes: 30,
    });
  });
});
