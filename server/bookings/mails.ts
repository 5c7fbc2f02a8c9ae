import { bookingAddress, bookingWindowText as windowText, type Booking } from '#common/bookings/booking.ts';
import { stateWords } from '#common/bookings/state-words.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { formatPence } from '#common/tyres/pricing.ts';
import { z } from 'zod';
import { mailKinds } from '#server/notifications/mail-kinds.ts';
import type { BusinessContact, Mail, Mailbox } from '#server/notifications/mailer.ts';
import { bookingCalendar } from './calendar.ts';
import { storedBookingSchema } from './stored-booking.ts';

/**
 * The e-mails of online booking, in plain text: to the customer (confirmation, move,
 * cancellation, each with a calendar entry) and to staff (a new booking, a customer's
 * cancellation). Replies go to the business, or for staff to the customer.
 */

const bookingMailKindNames = [
  /** To staff: a new booking; and a customer's cancellation or move. */
  'booking-received',
  'booking-cancelled-notice',
  'booking-moved-notice',
  /** To the customer: their booking, a move and a cancellation, each with a calendar entry. */
  'booking-confirmation',
  'booking-moved',
  'booking-cancelled',
] as const;

/** What the outbox holds for a booking e-mail (stored with the change that makes it necessary). */
type BookingNotification = {
  kind: (typeof bookingMailKindNames)[number];
  /** The booking as it was when the e-mail was queued. */
  booking: Booking;
  /** The calendar entry's SEQUENCE: how many changes customers' calendars were sent before. */
  sequence: number;
  /** The manage link's token, kept only until the e-mail is sent (confirmation and move). */
  manageToken?: string;
  /** Staff's reason for a cancellation. */
  reason?: string;
  /** Where and when it was before a move, as words. */
  previous?: string;
};

type BookingMailContext = {
  from: Mailbox;
  /** Where staff notifications go. */
  to: string;
  business: BusinessContact;
  /** The branches' names and addresses, for where a branch booking happens. */
  branches: readonly { key: string; name: string; address: string }[];
  /** Customers may cancel online until this many hours before the window starts. */
  noticeHours: number;
  publicUrl: string;
  messageDomain: string;
  outboxId: number;
};

/** Where the job happens, as the customer's e-mail and calendar say it. */
function placeOf(booking: Booking, context: Pick<BookingMailContext, 'branches'>): string {
  const branch = context.branches.find((entry) => entry.key === booking.location);
  if (branch) return `${branch.name} branch, ${branch.address}`;
  const address = [bookingAddress(booking), booking.postcode].filter(Boolean).join(' ');
  return address ? `Mobile fitting at ${address}` : 'Mobile fitting at your address';
}

function detailLines(booking: Booking, context: BookingMailContext): string[] {
  return [
    `Reference: ${booking.reference}`,
    `Service: ${booking.serviceTitle}`,
    `When: ${windowText(booking)}`,
    `Where: ${placeOf(booking, context)}`,
    `Vehicle: ${booking.vehicle}, ${formatRegistration(booking.registration)}`,
    ...tyreLines(booking),
    ...(booking.notes ? ['Your notes:', booking.notes] : []),
  ];
}

/**
 * The tyres booked: which, how many, and the total fully fitted; and the call-out charge by
 * distance, where there is one (nothing else is added).
 */
function tyreLines({ tyre, callOutPence }: Booking): string[] {
  const callOut = callOutPence > 0 ? [`Call-out: ${formatPence(callOutPence)} including VAT`] : [];
  if (!tyre) return callOut;
  return [
    `Tyres: ${tyre.quantity} × ${tyre.description}`,
    `Price: ${formatPence(tyre.price)} per tyre, fully fitted (valve, balancing and disposal of the old tyre included)`,
    ...callOut,
    `Total: ${formatPence(tyre.total + callOutPence)} including VAT`,
  ];
}

/** The business's name and contact details under a customer's e-mail, and why they received it. */
export function signature(context: Pick<BookingMailContext, 'business'>): string[] {
  return [
    '',
    context.business.companyName,
    `${context.business.formattedPhone} | ${context.business.email}`,
    '',
    'You are receiving this e-mail because this address was given in a booking on our website. If that was not you, please call us.',
  ];
}

const manageUrl = (context: Pick<BookingMailContext, 'publicUrl'>, token: string) =>
  `${context.publicUrl}/bookings/manage/${token}`;

/** What a booking's calendar entry is written with (an e-mail's context, or the manage page's). */
export type CalendarContext = Pick<
  BookingMailContext,
  'business' | 'branches' | 'publicUrl' | 'messageDomain'
>;

/**
 * The booking's calendar entry as a file: the one its e-mails carry, and the manage page's "Add to
 * calendar" (same UID, so that a calendar holding it from either updates the one event).
 */
export function bookingCalendarFile(
  booking: Booking,
  {
    sequence,
    manageToken,
    cancelled = booking.status === 'cancelled',
  }: { sequence: number; manageToken?: string; cancelled?: boolean },
  context: CalendarContext,
) {
  const content = bookingCalendar({
    uid: `booking-${booking.id}@${context.messageDomain}`,
    sequence,
    status: cancelled ? 'cancelled' : 'confirmed',
    summary: `${booking.serviceTitle} - ${context.business.companyName}`,
    description: [
      `Reference ${booking.reference}`,
      `${booking.vehicle}, ${formatRegistration(booking.registration)}`,
      `Questions or changes: ${context.business.formattedPhone}`,
    ].join('\n'),
    location: placeOf(booking, context),
    date: booking.date,
    start: booking.start,
    end: booking.end,
    organiser: { name: context.business.companyName, email: context.business.email },
    attendee: { name: booking.name, email: booking.email },
    url: manageToken ? manageUrl(context, manageToken) : undefined,
    stamp: new Date(),
  });
  return {
    filename: cancelled ? 'booking-cancelled.ics' : 'booking.ics',
    content,
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  };
}

function calendarFor(notification: BookingNotification, context: BookingMailContext, cancelled: boolean) {
  return [bookingCalendarFile(notification.booking, { ...notification, cancelled }, context)];
}

function manageLines(notification: BookingNotification, context: BookingMailContext): string[] {
  if (!notification.manageToken) return [];
  return [
    'See, change or cancel your booking:',
    manageUrl(context, notification.manageToken),
    `You can change the time or cancel online until ${context.noticeHours} hours before your time starts; after that, please call us on ${context.business.formattedPhone}.`,
  ];
}

/** The e-mail an outbox entry of online booking stands for. */
function bookingMail(notification: BookingNotification, context: BookingMailContext): Mail {
  const { booking } = notification;
  const messageId = `<booking-${booking.id}.${notification.kind}.outbox-${context.outboxId}@${context.messageDomain}>`;
  const customer = { from: context.from, to: booking.email, replyTo: context.business.email, messageId };
  const staff = { from: context.from, to: context.to, replyTo: booking.email, messageId };
  const company = context.business.companyName;
  switch (notification.kind) {
    case 'booking-received':
      return {
        ...staff,
        subject: `New booking: ${booking.name}, ${windowText(booking)} (${booking.locationName})`,
        text: [
          `New booking from the website (${booking.reference}).`,
          '',
          `Name: ${booking.name}`,
          `Phone: ${booking.phone}`,
          `Email: ${booking.email}`,
          `Service: ${booking.serviceTitle}`,
          `When: ${windowText(booking)}`,
          `Where: ${booking.locationName}`,
          ...(booking.addressLine ? [`Address: ${bookingAddress(booking)}`] : []),
          `Postcode: ${booking.postcode ?? 'Not given'}${booking.outsideArea ? ' (OUTSIDE the covered area)' : ''}`,
          `Vehicle: ${booking.vehicle}`,
          `Registration: ${formatRegistration(booking.registration)}`,
          ...tyreLines(booking),
          ...(booking.tyre?.source === 'supplier'
            ? ['The tyres are to be ordered from the supplier: they are on the Tyres tab’s list to order.']
            : booking.tyre
              ? ['The tyres are reserved from our stock.']
              : []),
          '',
          'Notes:',
          booking.notes || 'None',
          '',
          `It is in the diary (Bookings) and in the enquiries as ${stateWords.booked}. Reply to this e-mail to answer the customer.`,
        ].join('\n'),
      };
    case 'booking-confirmation': {
      // A booking whose deposit is due is held, not yet secured: its page has the link to pay.
      const due = booking.payment.status === 'due';
      return {
        ...customer,
        subject: `${due ? 'Pay the deposit to secure your booking' : 'Booking confirmed'}: ${windowText(booking)} (${booking.reference}) - ${company}`,
        text: [
          `Dear ${booking.name},`,
          '',
          `Thank you for booking with ${company}. ${due ? 'We are holding this time for you:' : 'Your booking is confirmed:'}`,
          '',
          ...detailLines(booking, context),
          '',
          ...(due
            ? [
                `A deposit of ${formatPence(booking.payment.amountPence)} secures it. Pay it by card from your booking's page soon, or the time and any tyres held for you are released.`,
                '',
              ]
            : []),
          'A calendar entry is attached.',
          '',
          ...manageLines(notification, context),
          ...signature(context),
        ].join('\n'),
        attachments: calendarFor(notification, context, false),
      };
    }
    case 'booking-moved':
      return {
        ...customer,
        subject: `Booking moved: ${windowText(booking)} (${booking.reference}) - ${company}`,
        text: [
          `Dear ${booking.name},`,
          '',
          'Your booking has been moved. It is now:',
          '',
          ...detailLines(booking, context),
          '',
          `It was: ${notification.previous ?? 'as in our earlier e-mail'}.`,
          '',
          'An updated calendar entry is attached. The link in our earlier e-mail no longer works; use this one.',
          '',
          ...manageLines(notification, context),
          ...signature(context),
        ].join('\n'),
        attachments: calendarFor(notification, context, false),
      };
    case 'booking-cancelled':
      return {
        ...customer,
        subject: `Booking ${booking.payment.status === 'lapsed' ? 'released' : stateWords.cancelled.toLowerCase()}: ${windowText(booking)} (${booking.reference}) - ${company}`,
        text: [
          `Dear ${booking.name},`,
          '',
          ...cancelledLines(booking, notification.reason),
          '',
          ...detailLines(booking, context),
          '',
          `To book another time, visit ${context.publicUrl}/book or call us on ${context.business.formattedPhone}.`,
          ...signature(context),
        ].join('\n'),
        attachments: calendarFor(notification, context, true),
      };
    case 'booking-moved-notice':
    case 'booking-cancelled-notice':
      return customerChangeNotice(notification, staff);
  }
}

/** Why the booking is cancelled: as the customer asked, by staff with a reason, or released unpaid. */
function cancelledLines(booking: Booking, reason: string | undefined): string[] {
  if (booking.payment.status === 'lapsed') {
    return ['Your booking has been released: the deposit was not paid in time.', '', reason ?? ''];
  }
  return reason
    ? ['We are sorry: we have had to cancel your booking.', '', 'Reason:', reason]
    : ['Your booking has been cancelled, as you asked.'];
}

/** To staff: the customer moved or cancelled their booking through their link. */
function customerChangeNotice(
  notification: BookingNotification,
  staff: Omit<Mail, 'subject' | 'text'>,
): Mail {
  const { booking } = notification;
  if (notification.kind === 'booking-moved-notice') {
    return {
      ...staff,
      subject: `Booking moved by the customer: ${booking.name}, now ${windowText(booking)}`,
      text: [
        `${booking.name} moved booking ${booking.reference} online.`,
        '',
        `Now: ${windowText(booking)}, ${booking.locationName}`,
        `Was: ${notification.previous ?? 'not known'}`,
        `Service: ${booking.serviceTitle}`,
        `Phone: ${booking.phone}`,
        '',
        'The diary shows the new time; the old window has a place free again.',
      ].join('\n'),
    };
  }
  return {
    ...staff,
    subject: `Booking ${stateWords.cancelled.toLowerCase()} by the customer: ${booking.name}, ${windowText(booking)}`,
    text: [
      `${booking.name} cancelled booking ${booking.reference} online.`,
      '',
      `Service: ${booking.serviceTitle}`,
      `When: ${windowText(booking)}`,
      `Where: ${booking.locationName}`,
      `Phone: ${booking.phone}`,
      '',
      'The window has a place free again.',
    ].join('\n'),
  };
}

/** A booking e-mail as stored, checked again when read back. */
const bookingNotificationSchema = z.object({
  kind: z.enum(bookingMailKindNames),
  booking: storedBookingSchema,
  sequence: z.number(),
  manageToken: z.string().optional(),
  reason: z.string().optional(),
  previous: z.string().optional(),
}) satisfies z.ZodType<BookingNotification, unknown>;

/** How the outbox reads and writes the e-mails of online booking. */
export const bookingMails = mailKinds<BookingNotification>({
  kinds: bookingMailKindNames,
  schema: bookingNotificationSchema,
  write: bookingMail,
});
