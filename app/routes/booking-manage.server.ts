import { formatPence } from '#common/util/money.ts';
import type { AppLoadContext } from 'react-router';
import {
  bookingAddress,
  bookingStatusLabels,
  dayText,
  isActiveBooking,
  type ManagedBooking,
} from '#common/bookings/booking.ts';
import { jobReportWords, type CustomerJobReport } from '#common/jobs/customer-report.ts';
import { depositWords } from '#common/payments/payments.ts';
import { londonDate } from '#common/time/london.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { mobileLocation } from '#common/bookings/settings.ts';
import { windowText } from '#app/features/bookings/online/booking-format.ts';
import type {
  ManagedBookingView,
  ManagedDeposit,
  ManagedJobReport,
  MoveChoice,
  PaymentReturn,
} from '#app/features/bookings/online/managed-booking-types.ts';

/** The addresses under a manage link: the page, and the files it links to (API, same token). */
export const managePath = (token: string) => `/bookings/manage/${encodeURIComponent(token)}`;
const fileHref = (token: string, file: string) => `/api${managePath(token)}/${file}`;

/** The booking as its page shows it, with the branch's address from the published content. */
export function managedBookingView(
  booking: ManagedBooking,
  context: AppLoadContext,
  token: string,
  report: CustomerJobReport | null,
): ManagedBookingView {
  const branch =
    booking.location === mobileLocation
      ? undefined
      : context.content.branches.find((entry) => entry.key === booking.location);
  const address = branch
    ? `${branch.address.street}, ${branch.address.locality} ${branch.address.postcode}`
    : bookingAddress(booking);
  const active = isActiveBooking(booking.status);
  const noticeHours = context.bookings.offer.noticeHours;
  const deposit = depositOf(booking);
  return {
    reference: booking.reference,
    status: booking.status,
    // Released for its unpaid deposit: not cancelled by the customer.
    statusLabel:
      deposit?.status === 'lapsed' ? depositWords.releasedLabel : bookingStatusLabels[booking.status],
    serviceTitle: booking.serviceTitle,
    locationName: booking.locationName,
    address,
    date: dayText(booking.date),
    window: windowText(booking),
    name: booking.name,
    registration: formatRegistration(booking.registration),
    tyres: booking.tyre
      ? {
          what: `${booking.tyre.quantity} × ${booking.tyre.description}`,
          total: `${formatPence(booking.tyre.total)} in all (${formatPence(booking.tyre.price)} each), fully fitted, VAT included`,
        }
      : null,
    callOut: booking.callOutPence > 0 ? formatPence(booking.callOutPence) : null,
    vehicle: booking.vehicle,
    postcode: booking.postcode,
    canCancel: booking.canCancel,
    noticeHours,
    nextSteps: active ? nextSteps(booking, { address, branchName: branch?.name, noticeHours, deposit }) : [],
    calendarHref: active ? fileHref(token, 'calendar.ics') : null,
    report: report && reportView(report, token),
    reviewHref:
      booking.status === 'completed' && context.bookings.reviewLink ? context.bookings.reviewLink : null,
    deposit,
    cancelDeposit: cancelDepositOf(booking),
  };
}

/** The booking's deposit as its page tells it, or null without one. */
function depositOf({ payment, payUrl }: ManagedBooking): ManagedDeposit | null {
  switch (payment.status) {
    case 'none':
      return null;
    case 'due':
      return { status: 'due', amount: formatPence(payment.amountPence), payUrl };
    case 'refunded':
      return { status: 'refunded', amount: formatPence(payment.refundedPence || payment.amountPence) };
    default:
      return { status: payment.status, amount: formatPence(payment.amountPence) };
  }
}

/** What cancelling now does to the deposit paid online (null when none was paid). */
function cancelDepositOf({ payment, refundOnCancel }: ManagedBooking): ManagedBookingView['cancelDeposit'] {
  if (payment.status !== 'paid') return null;
  const amount = formatPence(payment.amountPence);
  return refundOnCancel
    ? { refunded: true, text: depositWords.refundOnCancel(amount) }
    : { refunded: false, text: depositWords.noRefundOnCancel(amount) };
}

/** Back from Stripe Checkout: `?paid=1` (paid there), `?paid=0` (left without paying), else null. */
export const paymentReturnOf = (paid: string | null): PaymentReturn | null =>
  paid === '1' ? 'paid' : paid === '0' ? 'not-paid' : null;

/**
 * What happens between booking and the work, as the product does it: the confirmation e-mail
 * (server/bookings/mails.ts), the fitter's "on my way" e-mail for mobile work (job-on-the-way,
 * server/jobs/mails.ts), a job the fitter cannot do without the locking wheel nut key (a reason
 * a job is not completed, common/jobs/jobs.ts), and payment taken when the work is done with the
 * job report and invoice by e-mail after it.
 */
function nextSteps(
  booking: ManagedBooking,
  where: {
    address: string | null;
    branchName: string | undefined;
    noticeHours: number;
    deposit: ManagedDeposit | null;
  },
): string[] {
  const mobile = booking.location === mobileLocation;
  const place = where.address ? ` at ${where.address}` : '';
  return [
    'We have e-mailed your confirmation, with a calendar entry and the link to this page.',
    mobile
      ? 'On the day, your fitter e-mails you as they set off, with the time they expect to arrive.'
      : `On the day, bring your vehicle to our ${where.branchName ?? booking.locationName} branch${place} at the start of your time.`,
    mobile
      ? `Have your vehicle ready${place}: parked where the fitter can work around it, with the locking wheel nut key if your wheels have locking nuts.`
      : 'Bring the locking wheel nut key if your wheels have locking nuts.',
    where.deposit && where.deposit.status !== 'refunded'
      ? depositWords.restOnTheDay(where.deposit.amount)
      : 'Pay when the work is done, by card, cash or bank transfer. Your job report and VAT invoice come by e-mail, and show on this page.',
    `You can change the time or cancel here until ${where.noticeHours === 1 ? '1 hour' : `${where.noticeHours} hours`} before it starts.`,
  ];
}

function reportView(report: CustomerJobReport, token: string): ManagedJobReport {
  return {
    ...jobReportWords(report.record),
    completedOn: dayText(londonDate(new Date(report.completedAt))),
    invoice: report.invoiceNumber
      ? { number: report.invoiceNumber, href: fileHref(token, 'invoice.pdf') }
      : null,
  };
}

/**
 * The free windows the booking can move to (its own left out), from today for the booking
 * horizon, when it can still be changed and the customer asked to (`?move=1`); else null.
 * The tyres' stock is not looked at again: they stay reserved for the booking as it moves.
 */
export async function moveChoice(
  booking: ManagedBooking,
  context: AppLoadContext,
  chosenDate: string | null,
): Promise<MoveChoice | null> {
  if (!booking.canCancel) return null;
  const { horizonDays } = context.bookings.offer;
  const days = (
    await context.bookings.availability({
      location: booking.location,
      service: booking.service,
      days: horizonDays + 1,
    })
  )
    .map((day) => ({
      ...day,
      windows: day.windows.filter((window) => day.date !== booking.date || window.start !== booking.start),
    }))
    // Tyres ordered from the supplier come for the day booked: later days only (as the move checks).
    .filter(
      (day) => day.windows.length > 0 && (booking.tyre?.source !== 'supplier' || day.date >= booking.date),
    );
  const date = days.some((day) => day.date === chosenDate) ? chosenDate! : '';
  return { days, date, horizonDays };
}
