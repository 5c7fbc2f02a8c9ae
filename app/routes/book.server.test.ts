import { depositWords } from '#common/payments/payments.ts';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DepositTerms } from '#common/payments/payments.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { publicContent } from '#common/site-content/public-content.ts';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import { makeContent } from '#tests/support/site-content.ts';
import { bookingPage } from './book.server.ts';
import type { RoutedAvailability } from '#common/bookings/slots.ts';
import { reachRefusals } from '#common/routing/words.ts';

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

/** The context with routes kept: `answer` is what mobile fitting at a postcode is offered. */
const routedContext = (answer: RoutedAvailability, nearbyDiscountPence = 0) => {
  const base = context(null);
  const asked: unknown[] = [];
  base.bookings.routedAvailability = async (query) => {
    asked.push(query);
    return answer;
  };
  base.bookings.nearbyDiscountPence = nearbyDiscountPence;
  return { context: base, asked };
};

const whenUrl = (choices: Record<string, string>) =>
  new URL(`https://example.test/book?${new URLSearchParams({ ...choices, step: 'when' }).toString()}`);

describe('the booking page with routes kept', () => {
  const days = [
    { date: '2026-11-25', windows: [{ start: '08:00', end: '10:00', free: 3, callOutPence: 1000 }] },
    {
      date: '2026-11-26',
      windows: [
        { start: '08:00', end: '10:00', free: 3, callOutPence: 1000 },
        { start: '10:00', end: '12:00', free: 3, nearby: true, callOutPence: 500 },
      ],
    },
  ];

  it('tells the call-out before a time is chosen, and shows first the day and time near another job', async () => {
    const { context: routed, asked } = routedContext({ kind: 'days', days, callOutPence: 1000 }, 500);
    const page = await bookingPage(routed, whenUrl(puncture));
    expect(asked).toEqual([
      { location: 'mobile', service: 'puncture-repair', days: 22, postcode: 'RM3 0AB', tyres: undefined },
    ]);
    expect(page.step).toBe('when');
    expect(page.callOut).toEqual({
      text: 'Call-out to RM3 0AB: £10.00, added to your booking.',
      nearbySaving: '£5.00',
    });
    expect(page.choices.date).toBe('2026-11-26');
    expect(
      page.availability[1]!.windows.map((window) => [window.start, window.nearby, window.callOut]),
    ).toEqual([
      ['10:00', true, '£5.00'],
      ['08:00', undefined, '£10.00'],
    ]);
  });

  it('says there is no call-out where the first band charges nothing', async () => {
    const free = [
      { date: '2026-11-25', windows: [{ start: '08:00', end: '10:00', free: 3, callOutPence: 0 }] },
    ];
    const page = await bookingPage(
      routedContext({ kind: 'days', days: free, callOutPence: 0 }).context,
      whenUrl(puncture),
    );
    expect(page.callOut).toEqual({ text: 'No call-out charge to RM3 0AB.', nearbySaving: null });
    expect(page.availability[0]!.windows[0]!.callOut).toBe('None');
  });

  it('goes back to the postcode where it is not found, too far, or cannot be placed', async () => {
    for (const kind of ['not-found', 'beyond', 'unplaced'] as const) {
      const page = await bookingPage(routedContext({ kind }).context, whenUrl(puncture));
      expect(page.step).toBe('what');
      expect(page.errors).toEqual({ postcode: reachRefusals[kind] });
    }
  });

  it('offers the windows by their places alone while routes are not kept', async () => {
    const page = await bookingPage(
      routedContext({ kind: 'days', days, callOutPence: null }).context,
      whenUrl(puncture),
    );
    expect(page.callOut).toBeNull();
  });
});
