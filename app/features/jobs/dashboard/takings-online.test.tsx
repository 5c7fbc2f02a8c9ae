// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Takings } from '#common/jobs/jobs.ts';
import type { OnlinePayment, Reconciliation, Refund } from '#common/payments/payments.ts';
import { answer, serveApi, type ApiAnswer } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { makeTakings } from './jobs-test-data.ts';

const deposit: OnlinePayment = {
  id: 1,
  bookingId: 42,
  reference: 'BK-2611-0042',
  amountPence: 5_000,
  takenAt: '2026-11-24T09:05:00.000Z',
  paymentIntent: 'pi_3Pdeposit',
  purpose: 'deposit',
};
const balance: OnlinePayment = {
  ...deposit,
  id: 2,
  bookingId: 43,
  reference: 'BK-2611-0043',
  amountPence: 7_500,
  takenAt: '2026-11-24T14:30:00.000Z',
  paymentIntent: 'pi_3Pbalance',
  purpose: 'balance',
};

function makeRefund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 9,
    bookingId: 40,
    reference: 'BK-2611-0040',
    amountPence: 2_000,
    status: 'succeeded',
    failure: null,
    stripeRefundId: 're_3Pdone',
    paymentIntent: 'pi_3Pearlier',
    requestedBy: 'alice',
    requestedAt: '2026-11-24T11:00:00.000Z',
    settledAt: '2026-11-24T11:00:02.000Z',
    ...overrides,
  };
}

const failed = makeRefund({
  id: 10,
  reference: 'BK-2611-0041',
  amountPence: 3_000,
  status: 'failed',
  failure: 'The card was closed.',
  stripeRefundId: 're_3Pfailed',
  settledAt: null,
});

/** A day with £125.00 paid online (in the total) and £20.00 refunded. */
const onlineDay: Takings = makeTakings({
  total: 54_000,
  byMethod: { card: 22_000, cash: 9_500, 'bank-transfer': 10_000, account: 0, online: 12_500 },
  online: { payments: [deposit, balance], refunds: [makeRefund(), failed], refunded: 2_000 },
});

function renderTakings({
  takings = [{ status: 200, body: onlineDay }],
  retry = { status: 200, body: { ...failed, status: 'pending', failure: null } },
  reconcile = { status: 404, body: { error: 'Not found' } },
}: {
  takings?: ApiAnswer<'GET /api/takings'>;
  retry?: ApiAnswer<'POST /api/payments/refunds/:id/retry'>;
  reconcile?: ApiAnswer<'GET /api/payments/reconcile'>;
} = {}) {
  const api = serveApi(
    answer('GET /api/takings', takings),
    answer('GET /api/jobs', { status: 200, body: [] }),
    answer('POST /api/payments/refunds/:id/retry', retry),
    answer('GET /api/payments/reconcile', reconcile),
  );
  renderStaffUi(<JobsTab role="owner" />, { route: '/?part=takings&date=2026-11-24' });
  return { api, user: userEvent.setup() };
}

/** A table's rows below its headings, each cell's text. */
const rows = (caption: string) =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the takings’ money online', () => {
  it('counts payments online in their own column, and gives the day’s net of refunds', async () => {
    renderTakings();
    await screen.findByText('Taken in all');
    expect(screen.getByText('Online', { selector: 'dt' }).nextElementSibling?.textContent).toBe('£125.00');
    expect(screen.getByText('Refunded', { selector: 'dt' }).nextElementSibling?.textContent).toBe('−£20.00');
    expect(screen.getByText('Net', { selector: 'dt' }).nextElementSibling?.textContent).toBe('£520.00');
  });

  it('lists what was paid online and refunded, with Stripe’s ids', async () => {
    renderTakings();
    await screen.findByRole('table', { name: 'Paid online' });
    expect(rows('Paid online')).toEqual([
      ['BK-2611-0042Deposit', '£50.00', '09:05', 'pi_3Pdeposit'],
      ['BK-2611-0043Balance by link', '£75.00', '14:30', 'pi_3Pbalance'],
    ]);
    expect(rows('Refunds')).toEqual([
      ['BK-2611-0040By alice', '−£20.00', 'Refunded', 're_3Pdoneof pi_3Pearlier'],
      [
        'BK-2611-0041By alice',
        '−£30.00',
        'FailedThe card was closed.Try again the refund of BK-2611-0041',
        're_3Pfailedof pi_3Pearlier',
      ],
    ]);
  });

  it('says when nothing was paid online or refunded', async () => {
    renderTakings({ takings: { status: 200, body: makeTakings() } });
    await screen.findByText('Nothing was paid online on this day.');
    screen.getByText('No refunds on this day.');
  });

  it('asks Stripe again for a failed refund, and reads the takings again', async () => {
    const { api, user } = renderTakings({
      takings: [
        { status: 200, body: onlineDay },
        {
          status: 200,
          body: {
            ...onlineDay,
            online: {
              ...onlineDay.online,
              refunds: [makeRefund(), { ...failed, status: 'pending', failure: null }],
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Try again the refund of BK-2611-0041' }));
    await screen.findByText('Asked of Stripe');
    expect(api.requests().filter((request) => !request.startsWith('GET /api/jobs'))).toEqual([
      'GET /api/takings?date=2026-11-24',
      'POST /api/payments/refunds/10/retry',
      'GET /api/takings?date=2026-11-24',
    ]);
    expect(screen.queryByText('The card was closed.')).toBeNull();
  });

  it('checks the day against Stripe and says when everything matches', async () => {
    const matched: Reconciliation = { date: '2026-11-24', missingHere: [], missingAtStripe: [], matched: 2 };
    const { api, user } = renderTakings({ reconcile: { status: 200, body: matched } });
    await screen.findByText('Taken in all');
    expect(api.requests().some((request) => request.includes('reconcile'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Check against Stripe' }));
    await screen.findByText('Everything matches: 2 payments');
    expect(api.requests()).toContain('GET /api/payments/reconcile?date=2026-11-24');
  });

  it('lists the payments only Stripe, or only the takings, know of', async () => {
    const result: Reconciliation = {
      date: '2026-11-24',
      missingHere: [
        {
          sessionId: 'cs_test_missing',
          paymentIntent: 'pi_3Pmissing',
          amountPence: 4_000,
          reference: 'BK-2611-0050',
          bookingId: 50,
          at: '2026-11-24T16:00:00.000Z',
        },
      ],
      missingAtStripe: [
        {
          sessionId: 'cs_test_extra',
          paymentIntent: null,
          amountPence: 1_500,
          reference: null,
          bookingId: null,
          at: '2026-11-24T17:00:00.000Z',
        },
      ],
      matched: 1,
    };
    const { user } = renderTakings({ reconcile: { status: 200, body: result } });
    await user.click(await screen.findByRole('button', { name: 'Check against Stripe' }));
    const here = within(await screen.findByRole('region', { name: 'Paid at Stripe, missing here' }));
    here.getByText('BK-2611-0050: £40.00, 24/11/2026, 16:00');
    here.getByText('pi_3Pmissing · cs_test_missing');
    const stripe = within(screen.getByRole('region', { name: 'Recorded here, missing at Stripe' }));
    stripe.getByText('No booking: £15.00, 24/11/2026, 17:00');
    screen.getByText('1 payment match.');
    expect(screen.queryByText(/^Everything matches/)).toBeNull();
  });

  it('says when Stripe could not be checked', async () => {
    const { user } = renderTakings({
      reconcile: { status: 503, body: { error: 'Card payments online are not set up.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Check against Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe could not be checked: Card payments online are not set up.',
    );
  });
});
