import { depositWords } from '#common/payments/payments.ts';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DepositTerms } from '#common/payments/payments.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { publicContent } from '#common/site-content/public-content.ts';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import { makeContent } from '#tests/support/site-content.ts';
import { bookingPage } from './book.server.ts';

const content = publicContent(makeContent());
const branch = content.branches[0]!;

/**
 * What the booking page reads of its context: the published content, the offer (mobile fitting
 * and the first branch, which takes MOT tests), a free window every day, a tyre at £74.99 each,
 * and the deposit terms (null: card payments off, or no deposit); texts set up or not.
 */
const context = (deposit: DepositTerms | null, texts = false) =>
  ({
    site: defaultSiteSettings,
    content,
    texts,
    bookings: {
      offer: {
        horizonDays: 21,
        noticeHours: 4,
        locations: ['mobile', branch.key],
        branchServices: { mot: [branch.key], servicing: [] },
      },
      deposit,
      availability: async () => [
        { date: '2026-11-25', windows: [{ start: '08:00', end: '10:00', free: 3 }] },
      ],
    },
    tyres: {
      offer: async (): Promise<Partial<TyreOffer>> => ({
        brand: 'Hankook',
        pattern: 'Ventus Prime 4',
        size: '205/55 R16',
        loadIndex: 91,
        speedRating: 'V',
        price: 7499,
        fittedFrom: '2026-11-24',
      }),
    },
  }) as unknown as AppLoadContext;

const terms = (overrides: Partial<DepositTerms> = {}): DepositTerms => ({
  kind: 'fixed',
  fixedPence: 2000,
  percent: 20,
  services: [],
  refundableHours: 24,
  holdMinutes: 45,
  ...overrides,
});

/** The details step's address for `choices` on 25 November at 8am. */
const detailsUrl = (choices: Record<string, string>) =>
  new URL(
    `https://example.test/book?${new URLSearchParams({ ...choices, date: '2026-11-25', start: '08:00', step: 'details' }).toString()}`,
  );
const puncture = { service: 'puncture-repair', location: 'mobile', postcode: 'RM3 0AB' };

describe('the booking page’s deposit', () => {
  it('tells of none while card payments are off (or no deposit is taken)', async () => {
    const page = await bookingPage(context(null), detailsUrl(puncture));
    expect(page.step).toBe('details');
    expect(page.deposit).toBeNull();
  });

  it('tells of a fixed deposit, with the hold and the refund rule, on the details step only', async () => {
    const page = await bookingPage(context(terms()), detailsUrl(puncture));
    expect(page.deposit).toEqual({
      due: `${depositWords.dueNotice('£20.00', 45)} ${depositWords.payAfterBooking}`,
      more: [depositWords.refundRule(24), depositWords.balanceOnTheDay],
      handledBy: depositWords.handledBy,
    });
    const first = await bookingPage(
      context(terms()),
      new URL('https://example.test/book?service=puncture-repair'),
    );
    expect(first.deposit).toBeNull();
  });

  it('never asks more than the service’s stated price', async () => {
    const page = await bookingPage(context(terms({ fixedPence: 5000 })), detailsUrl(puncture));
    expect(page.deposit?.due).toMatch(/^A deposit of £25\.00 secures/);
  });

  it('works a percentage out of the tyres’ total, saying of what', async () => {
    const page = await bookingPage(
      context(terms({ kind: 'percent', percent: 20 })),
      detailsUrl({ ...puncture, service: 'tyre-replacement', tyre: '7', quantity: '2' }),
    );
    expect(page.deposit?.due).toMatch(/^A deposit of £30\.00 \(20% of £149\.98\) secures/);
  });

  it('works a percentage out of a branch service’s stated price', async () => {
    const page = await bookingPage(
      context(terms({ kind: 'percent', percent: 50 })),
      detailsUrl({ service: 'mot', location: branch.key }),
    );
    expect(page.deposit?.due).toMatch(/^A deposit of £\d+\.\d{2} \(50% of £\d+\.\d{2}\) secures/);
  });

  it('tells of none for a service the rule leaves out', async () => {
    const page = await bookingPage(context(terms({ services: ['tyre-replacement'] })), detailsUrl(puncture));
    expect(page.deposit).toBeNull();
  });
});

describe('the booking page’s question of e-mail or texts', () => {
  it('is asked only while texts are set up', async () => {
    expect((await bookingPage(context(null), detailsUrl(puncture))).texts).toBe(false);
    expect((await bookingPage(context(null, true), detailsUrl(puncture))).texts).toBe(true);
  });
});
