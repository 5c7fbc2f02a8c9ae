import { noBookingPayment } from '#common/payments/payments.ts';
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ManagedBooking } from '#common/bookings/booking.ts';
import type { CustomerJobReport } from '#common/jobs/customer-report.ts';
import { makeContent } from '#tests/support/site-content.ts';
import { managedBookingView, paymentReturnOf } from './booking-manage.server.ts';

const content = makeContent();
const branch = content.branches[0]!;

/** What the view reads of the page's context: the branches, the booking offer, the review link. */
const context = (reviewLink = '') =>
  ({
    content: { branches: content.branches },
    bookings: { offer: { noticeHours: 4, horizonDays: 21 }, reviewLink },
  }) as unknown as AppLoadContext;

const mobileBooking: ManagedBooking = {
  reference: 'BK-2611-0042',
  status: 'booked',
  service: 'puncture-repair',
  serviceTitle: 'Puncture Repair',
  location: 'mobile',
  locationName: 'Mobile fitting',
  date: '2026-11-25',
  start: '08:00',
  end: '10:00',
  name: 'Sarah Mitchell',
  registration: 'AB12CDE',
  vehicle: 'Ford Focus',
  postcode: 'RM3 0AB',
  addressLine: '12 High Street',
  town: 'Romford',
  tyre: null,
  payment: noBookingPayment,
  callOutPence: 0,
  canCancel: true,
  payUrl: null,
  refundOnCancel: false,
};

const report: CustomerJobReport = {
  record: {
    tyres: [],
    removedTreadMm: { osf: 1.6 },
    torqued: true,
    tpmsReset: false,
    advisories: '',
    notes: 'Puncture plugged.',
  },
  completedAt: '2026-11-25T09:30:00.000Z',
  invoiceNumber: 'INV-000007',
};

describe('the booking’s page', () => {
  it('says what happens next for mobile fitting: the fitter’s e-mail, the vehicle ready, paying after', () => {
    const view = managedBookingView(mobileBooking, context(), 'tok_en', null);
    expect(view.nextSteps).toEqual([
      'We have e-mailed your confirmation, with a calendar entry and the link to this page.',
      'On the day, your fitter e-mails you as they set off, with the time they expect to arrive.',
      'Have your vehicle ready at 12 High Street, Romford: parked where the fitter can work around it, with the locking wheel nut key if your wheels have locking nuts.',
      'Pay when the work is done, by card, cash or bank transfer. Your job report and VAT invoice come by e-mail, and show on this page.',
      'You can change the time or cancel here until 4 hours before it starts.',
    ]);
    expect(view.calendarHref).toBe('/api/bookings/manage/tok_en/calendar.ics');
    expect(view.report).toBeNull();
    expect(view.reviewHref).toBeNull();
  });

  it('tells the call-out charge by distance, and nothing where there is none', () => {
    expect(
      managedBookingView({ ...mobileBooking, callOutPence: 1000 }, context(), 'tok_en', null).callOut,
    ).toBe('£10.00');
    expect(managedBookingView(mobileBooking, context(), 'tok_en', null).callOut).toBeNull();
  });

  it('says to bring the vehicle to the branch, at its address', () => {
    const view = managedBookingView(
      {
        ...mobileBooking,
        location: branch.key,
        locationName: `${branch.name} branch`,
        addressLine: null,
        town: null,
      },
      context(),
      'token',
      null,
    );
    expect(view.nextSteps[1]).toBe(
      `On the day, bring your vehicle to our ${branch.name} branch at ${branch.address.street}, ${branch.address.locality} ${branch.address.postcode} at the start of your time.`,
    );
    expect(view.nextSteps[2]).toBe('Bring the locking wheel nut key if your wheels have locking nuts.');
  });

  it('has no next steps nor calendar entry once cancelled', () => {
    const view = managedBookingView(
      { ...mobileBooking, status: 'cancelled', canCancel: false },
      context(),
      't',
      null,
    );
    expect(view.nextSteps).toEqual([]);
    expect(view.calendarHref).toBeNull();
  });

  it('shows a completed job’s report with its invoice through the link, and the review link when set', () => {
    const completed = { ...mobileBooking, status: 'completed' as const, canCancel: false };
    const view = managedBookingView(completed, context('https://g.page/r/example/review'), 'tok', report);
    expect(view.report).toEqual({
      completedOn: 'Wednesday 25 November 2026',
      fitted: [],
      removedTread: [expect.stringMatching(/: 1\.6 mm$/)],
      checks: ["Wheel nuts torqued to the maker's setting: yes", 'Tyre pressure monitoring (TPMS) reset: no'],
      advisories: '',
      notes: 'Puncture plugged.',
      invoice: { number: 'INV-000007', href: '/api/bookings/manage/tok/invoice.pdf' },
    });
    expect(view.reviewHref).toBe('https://g.page/r/example/review');
    expect(view.nextSteps).toEqual([]);
    expect(
      managedBookingView(completed, context(), 'tok', { ...report, invoiceNumber: null }).report?.invoice,
    ).toBeNull();
    // Not before the job is done.
    expect(
      managedBookingView(mobileBooking, context('https://g.page/r/x'), 'tok', null).reviewHref,
    ).toBeNull();
  });

  it('has no deposit without one: card payments off, or none asked', () => {
    const view = managedBookingView(mobileBooking, context(), 't', null);
    expect(view.deposit).toBeNull();
    expect(view.cancelDeposit).toBeNull();
  });

  it('while the deposit is due: its amount and where to pay it; the rest paid on the day', () => {
    const view = managedBookingView(
      {
        ...mobileBooking,
        payment: { status: 'due', amountPence: 3000, paidPence: 0, refundedPence: 0 },
        payUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
      },
      context(),
      't',
      null,
    );
    expect(view.deposit).toEqual({
      status: 'due',
      amount: '£30.00',
      payUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    expect(view.cancelDeposit).toBeNull();
    expect(view.nextSteps[3]).toBe(
      'Pay the rest when the work is done, by card, cash or bank transfer: your £30.00 deposit counts towards the price. Your job report and VAT invoice come by e-mail, and show on this page.',
    );
  });

  it('once paid: what cancelling now does to it, refunded or not', () => {
    const paid = {
      ...mobileBooking,
      payment: { status: 'paid' as const, amountPence: 3000, paidPence: 3000, refundedPence: 0 },
    };
    const refunded = managedBookingView({ ...paid, refundOnCancel: true }, context(), 't', null);
    expect(refunded.deposit).toEqual({ status: 'paid', amount: '£30.00' });
    expect(refunded.cancelDeposit).toEqual({
      refunded: true,
      text: 'Cancelling now refunds your £30.00 deposit to your card.',
    });
    expect(managedBookingView(paid, context(), 't', null).cancelDeposit).toEqual({
      refunded: false,
      text: 'This close to the booking, cancelling does not refund your £30.00 deposit automatically. Please call us about it',
    });
  });

  it('a booking released for its unpaid deposit reads Released, not Cancelled', () => {
    const view = managedBookingView(
      {
        ...mobileBooking,
        status: 'cancelled',
        canCancel: false,
        payment: { status: 'lapsed', amountPence: 3000, paidPence: 0, refundedPence: 0 },
      },
      context(),
      't',
      null,
    );
    expect(view.statusLabel).toBe('Released');
    expect(view.deposit).toEqual({ status: 'lapsed', amount: '£30.00' });
  });

  it('a refunded deposit tells what was refunded', () => {
    const view = managedBookingView(
      {
        ...mobileBooking,
        status: 'cancelled',
        canCancel: false,
        payment: { status: 'refunded', amountPence: 3000, paidPence: 3000, refundedPence: 3000 },
      },
      context(),
      't',
      null,
    );
    expect(view.statusLabel).toBe('Cancelled');
    expect(view.deposit).toEqual({ status: 'refunded', amount: '£30.00' });
  });

  it('reads the return from Stripe Checkout', () => {
    expect(paymentReturnOf('1')).toBe('paid');
    expect(paymentReturnOf('0')).toBe('not-paid');
    expect(paymentReturnOf(null)).toBeNull();
    expect(paymentReturnOf('yes')).toBeNull();
  });
});
