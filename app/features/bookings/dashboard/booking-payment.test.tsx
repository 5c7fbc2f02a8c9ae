// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lapsedBy, lapsedReason, type BookingPayment, type Refund } from '#common/payments/payments.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { BookingsTab } from './bookings-tab.tsx';
import { makeBooking } from './booking-test-data.ts';
import { depositText } from './booking-payment.tsx';
import { serveDiary } from './diary-api-handlers.ts';

const paidDeposit: BookingPayment = { status: 'paid', amountPence: 5000, paidPence: 5000, refundedPence: 0 };

const renderDiary = () => renderStaffUi(<BookingsTab />, { route: '/?date=2026-11-24&cancelled=1' });
const card = async (name: string) => within(await screen.findByRole('article', { name }));

/** Stripe's answer to a refund of the £50.00 deposit of booking 42. */
function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 5,
    bookingId: 42,
    reference: 'ENQ-2611-0042',
    amountPence: 5000,
    status: 'succeeded',
    failure: null,
    stripeRefundId: 're_3Pq1',
    paymentIntent: 'pi_3Pq1',
    requestedBy: 'alice',
    requestedAt: '2026-11-24T10:00:00.000Z',
    settledAt: '2026-11-24T10:00:01.000Z',
    ...overrides,
  };
}

const cancelledPaid = makeBooking({
  status: 'cancelled',
  cancelledBy: 'customer',
  cancelReason: 'Sold the car',
  payment: paidDeposit,
});

async function askRefund() {
  const booking = await card('Sarah Mitchell');
  await userEvent.click(booking.getByRole('button', { name: "Refund deposit of Sarah Mitchell's booking" }));
  const dialog = within(screen.getByRole('alertdialog', { name: 'Refund the deposit' }));
  dialog.getByText(
    "Refund £50.00 paid online for Sarah Mitchell's booking (ENQ-2611-0042) to their card? This cannot be undone.",
  );
  await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
  return booking;
}

describe('a booking’s money online in the diary', () => {
  it('shows where the deposit stands beside the status, and nothing without one', async () => {
    serveDiary({
      bookings: [
        makeBooking({
          id: 1,
          name: 'Due Customer',
          payment: { ...paidDeposit, status: 'due', paidPence: 0 },
        }),
        makeBooking({ id: 2, name: 'Paid Customer', status: 'confirmed', payment: paidDeposit }),
        makeBooking({
          id: 3,
          name: 'Refunded Customer',
          status: 'cancelled',
          cancelledBy: 'alice',
          payment: { ...paidDeposit, status: 'refunded', refundedPence: 5000 },
        }),
        makeBooking({ id: 4, name: 'Day Customer' }),
      ],
    });
    renderDiary();
    const due = await card('Due Customer');
    due.getByText('Deposit due');
    due.getByText('£50.00 asked online, not paid yet');
    const paid = await card('Paid Customer');
    paid.getByText('Deposit paid');
    paid.getByText('£50.00 paid online');
    const refunded = await card('Refunded Customer');
    refunded.getByText('Refunded');
    refunded.getByText('£50.00 paid online, refunded');
    expect(refunded.queryByRole('button', { name: /^Refund deposit/ })).toBeNull();
    const day = await card('Day Customer');
    expect(day.queryByText(/^Deposit|^Lapsed|^Refunded/)).toBeNull();
    expect(day.queryByText(/paid online|asked online/)).toBeNull();
  });

  it('reads a booking whose deposit was not paid as lapsed, not as a cancellation', async () => {
    serveDiary({
      bookings: [
        makeBooking({
          status: 'cancelled',
          cancelledBy: lapsedBy,
          cancelReason: lapsedReason(30),
          payment: { status: 'lapsed', amountPence: 5000, paidPence: 0, refundedPence: 0 },
        }),
      ],
    });
    renderDiary();
    const booking = await card('Sarah Mitchell');
    booking.getByText('Lapsed');
    booking.getByText('Lapsed: deposit not paid');
    booking.getByText(lapsedReason(30));
    expect(booking.queryByText(/^Cancelled by/)).toBeNull();
    expect(booking.queryByRole('button')).toBeNull();
  });

  it('refunds a cancelled booking’s deposit after a confirmation, and says it was refunded', async () => {
    const calls = serveDiary({ bookings: [cancelledPaid], refunds: [{ status: 201, body: refund() }] });
    renderDiary();
    const booking = await askRefund();
    await booking.findByText('Refunded £50.00');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/bookings/42/refund', body: {} },
    ]);
    // The diary read again shows the booking refunded; Stripe's answer stays.
    await booking.findByText('Refunded');
    expect(booking.queryByRole('button', { name: /^Refund deposit/ })).toBeNull();
    booking.getByText('Refunded £50.00');
  });

  it('says a refund is asked of Stripe while Stripe has not confirmed it', async () => {
    serveDiary({
      bookings: [cancelledPaid],
      refunds: [{ status: 201, body: refund({ status: 'pending', settledAt: null }) }],
    });
    renderDiary();
    const booking = await askRefund();
    await booking.findByText('Refund asked of Stripe');
  });

  it('shows Stripe’s reason for a failed refund, and tries again when asked', async () => {
    const calls = serveDiary({
      bookings: [cancelledPaid],
      refunds: [
        { status: 201, body: refund({ status: 'failed', failure: 'The card was closed.', settledAt: null }) },
        { status: 201, body: refund({ status: 'succeeded' }) },
      ],
    });
    renderDiary();
    const booking = await askRefund();
    await booking.findByText('Refund of £50.00 failed');
    booking.getByText('The card was closed.');
    await userEvent.click(booking.getByRole('button', { name: /^Try again/ }));
    await booking.findByText('Refunded £50.00');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/bookings/42/refund',
      '/api/payments/refunds/5/retry',
    ]);
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    serveDiary({ bookings: [cancelledPaid] });
    renderDiary();
    await askRefund();
    const dialog = within(screen.getByRole('alertdialog', { name: 'Refund the deposit' }));
    await waitFor(() => dialog.getByRole('alert'));
    expect(dialog.getByRole('alert').textContent).toBe('Nothing paid online is left to refund.');
  });
});

describe('the deposit in a booking’s details', () => {
  it('says a deposit paid as asked in one amount, and each amount when it was paid or refunded in part', () => {
    expect(depositText(paidDeposit)).toBe('£50.00 paid online');
    expect(depositText({ ...paidDeposit, refundedPence: 2000 })).toBe('£50.00 paid online, £20.00 refunded');
    expect(depositText({ ...paidDeposit, paidPence: 3000 })).toBe('£50.00 asked, £30.00 paid online');
    expect(depositText({ ...paidDeposit, status: 'refunded', refundedPence: 5000 })).toBe(
      '£50.00 paid online, refunded',
    );
  });
});
