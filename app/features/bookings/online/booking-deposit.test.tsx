// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmationChecks, securedWords } from './booking-deposit.tsx';
import { ManagedBookingPanel } from './managed-booking-panel.tsx';
import type { ManagedBookingView, PaymentReturn } from './managed-booking-types.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const payUrl = 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3';

function booking(overrides: Partial<ManagedBookingView> = {}): ManagedBookingView {
  return {
    reference: 'BK-2611-0042',
    status: 'booked',
    statusLabel: 'Booked',
    serviceTitle: 'Tyre Replacement',
    locationName: 'Mobile fitting',
    address: null,
    date: 'Wednesday 25 November 2026',
    window: '8:00am – 10:00am',
    name: 'Sarah Mitchell',
    registration: 'AB12 CDE',
    vehicle: 'Ford Focus',
    postcode: 'RM3 0AB',
    tyres: null,
    callOut: null,
    canCancel: true,
    noticeHours: 4,
    nextSteps: ['We have e-mailed your confirmation.'],
    calendarHref: '/api/bookings/manage/abc/calendar.ics',
    report: null,
    reviewHref: null,
    deposit: null,
    cancelDeposit: null,
    ...overrides,
  };
}

const due = (overrides: Partial<ManagedBookingView> = {}) =>
  booking({ deposit: { status: 'due', amount: '£30.00', payUrl }, ...overrides });

/**
 * The panel on its page, from a loader that answers each reading with the next of `readings`
 * (the last one again after that), as the manage page's loader reads the booking.
 */
async function renderPage(
  readings: ManagedBookingView[],
  { booked = false, paymentReturn = null as PaymentReturn | null } = {},
) {
  let read = 0;
  const Page = () => {
    const view = useLoaderData<ManagedBookingView>();
    return (
      <ManagedBookingPanel
        booking={view}
        booked={booked}
        cancelled={false}
        moved={false}
        paymentReturn={paymentReturn}
        move={null}
        action={undefined}
      />
    );
  };
  const Stub = createRoutesStub([
    {
      path: '/bookings/manage/:token',
      Component: Page,
      loader: () => readings[Math.min(read++, readings.length - 1)]!,
      action: () => null,
    },
  ]);
  render(<Stub initialEntries={['/bookings/manage/abc']} />);
  await screen.findByRole('heading', { name: 'Booking details' });
  return { reads: () => read };
}

const payLink = () => screen.queryByRole('link', { name: 'Pay the deposit' });

describe('a booking’s deposit on its page', () => {
  it('just booked with the deposit due: asks to pay it to secure the booking, by a plain link to Stripe', async () => {
    await renderPage([due()], { booked: true });
    expect(screen.queryByText('Booking confirmed')).toBeNull();
    const notice = screen.getByRole('region', { name: 'Pay the deposit to secure your booking' });
    expect(notice.textContent).toContain('Your booking reference is BK-2611-0042.');
    expect(notice.textContent).toContain(
      "A deposit of £30.00 is due. Pay it soon by card on Stripe's secure page, or the booking is released.",
    );
    expect(notice.textContent).toContain('Card payments are handled by Stripe.');
    const link = within(notice).getByRole('link', { name: 'Pay the deposit' });
    expect(link.getAttribute('href')).toBe(payUrl);
    expect(link.getAttribute('target')).toBeNull();
  });

  it('later, still due: the amount and the link under "Deposit due"', async () => {
    await renderPage([due()]);
    const notice = screen.getByRole('region', { name: 'Deposit due' });
    expect(notice.textContent).not.toContain('reference');
    expect(payLink()?.getAttribute('href')).toBe(payUrl);
  });

  it('gives the phone number when no link to pay can be given', async () => {
    await renderPage([booking({ deposit: { status: 'due', amount: '£30.00', payUrl: null } })]);
    expect(payLink()).toBeNull();
    const notice = screen.getByRole('region', { name: 'Deposit due' });
    expect(notice.textContent).toContain('To pay the deposit, please call us on 020 7946 0123.');
  });

  it('back from Stripe without paying: the deposit is still due, with the link', async () => {
    await renderPage([due()], { paymentReturn: 'not-paid' });
    screen.getByText('The payment was not completed, so the deposit is still due.');
    expect(payLink()?.getAttribute('href')).toBe(payUrl);
  });

  it('back from paying before Stripe confirms: says so, reads the booking again until it shows paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paid = booking({ deposit: { status: 'paid', amount: '£30.00' } });
    const { reads } = await renderPage([due(), due(), paid], { paymentReturn: 'paid' });
    expect(screen.getByRole('status').textContent).toContain('Thank you: we are confirming your payment');
    expect(payLink()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(confirmationChecks.everyMs));
    expect(reads()).toBe(2);
    screen.getByText('Thank you: we are confirming your payment');
    await act(() => vi.advanceTimersByTimeAsync(confirmationChecks.everyMs));
    expect(reads()).toBe(3);
    expect(screen.getByRole('status').textContent).toBe(`Deposit of £30.00 paid. Thank you.${securedWords}`);
    await act(() => vi.advanceTimersByTimeAsync(confirmationChecks.everyMs * 3));
    expect(reads()).toBe(3);
  });

  it('stops reading again after about 30 seconds, and says to reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { reads } = await renderPage([due()], { paymentReturn: 'paid' });
    for (let check = 0; check < confirmationChecks.times + 2; check++) {
      await act(() => vi.advanceTimersByTimeAsync(confirmationChecks.everyMs));
    }
    expect(reads()).toBe(1 + confirmationChecks.times);
    expect(confirmationChecks.everyMs * confirmationChecks.times).toBe(30_000);
    screen.getByText(/Reload this page in a minute to see it; there is no need to pay again/);
  });

  it('paid: says so, and that cancelling now refunds it to the card', async () => {
    await renderPage([
      booking({
        deposit: { status: 'paid', amount: '£30.00' },
        cancelDeposit: { refunded: true, text: 'Cancelling now refunds your £30.00 deposit to your card.' },
      }),
    ]);
    screen.getByText('Deposit of £30.00 paid. Thank you.');
    expect(payLink()).toBeNull();
    const cancel = screen.getByRole('region', { name: 'Need to cancel?' });
    expect(cancel.textContent).toContain('Cancelling now refunds your £30.00 deposit to your card.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Cancel this booking' }));
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Cancel this booking?' },
      { timeout: 5000 },
    );
    expect(dialog.textContent).toContain('Cancelling now refunds your £30.00 deposit to your card.');
  });

  it('paid, this close to the booking: cancelling does not refund it by itself, call us', async () => {
    await renderPage([
      booking({
        deposit: { status: 'paid', amount: '£30.00' },
        cancelDeposit: {
          refunded: false,
          text: 'This close to the booking, cancelling does not refund your £30.00 deposit automatically. Please call us about it',
        },
      }),
    ]);
    const cancel = screen.getByRole('region', { name: 'Need to cancel?' });
    expect(cancel.textContent).toContain(
      'This close to the booking, cancelling does not refund your £30.00 deposit automatically. Please call us about it on 020 7946 0123.',
    );
  });

  it('not paid in time: the booking was released, with a link to book again', async () => {
    await renderPage([
      booking({
        status: 'cancelled',
        statusLabel: 'Released',
        canCancel: false,
        nextSteps: [],
        calendarHref: null,
        deposit: { status: 'lapsed', amount: '£30.00' },
      }),
    ]);
    screen.getByText('The deposit was not paid in time, so this booking was released.');
    expect(screen.getByRole('region', { name: 'Booking details' }).textContent).toContain('Status: Released');
    expect(screen.getByRole('link', { name: 'Book another time' }).getAttribute('href')).toBe('/book');
    expect(payLink()).toBeNull();
    expect(screen.queryByText(/Thank you for letting us know/)).toBeNull();
  });

  it('refunded: says so', async () => {
    await renderPage([
      booking({ status: 'cancelled', canCancel: false, deposit: { status: 'refunded', amount: '£30.00' } }),
    ]);
    screen.getByText('Your deposit of £30.00 was refunded to your card.');
  });

  it('without a deposit (card payments off, or none asked): nothing about paying online', async () => {
    await renderPage([booking()], { booked: true, paymentReturn: 'paid' });
    screen.getByText('Booking confirmed');
    expect(document.body.textContent).not.toMatch(/deposit|Stripe|card payment/i);
    expect(payLink()).toBeNull();
  });
});
