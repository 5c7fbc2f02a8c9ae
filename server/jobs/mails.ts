import { bookingAddress, type Booking } from '#common/bookings/booking.ts';
import { stateWords } from '#common/bookings/state-words.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { jobReportWords } from '#common/jobs/customer-report.ts';
import type { JobRecord } from '#common/jobs/jobs.ts';
import { formatTime } from '#common/time/week.ts';
import { z } from 'zod';
import { signature } from '#server/bookings/mails.ts';
import { storedBookingSchema } from '#server/bookings/stored-booking.ts';
import { mailKinds } from '#server/notifications/mail-kinds.ts';
import type { BusinessContact, Mail, Mailbox } from '#server/notifications/mailer.ts';

/** The e-mails of the fitter's day, to the customer: on the way, and the job report with its invoice. */
type JobNotification =
  | { kind: 'job-on-the-way'; booking: Booking; eta: string; fitter: string | null }
  | {
      kind: 'job-report';
      booking: Booking;
      record: JobRecord;
      invoiceId: number;
      invoiceNumber: string;
      fitter: string | null;
    };

type JobMailContext = {
  from: Mailbox;
  business: BusinessContact;
  messageDomain: string;
  outboxId: number;
};

/** What a job report says was done: tyres fitted with their DOT, tread of those removed, checks. */
function reportLines(record: JobRecord): string[] {
  const words = jobReportWords(record);
  return [
    ...(words.fitted.length > 0 ? ['Tyres fitted:', ...words.fitted.map((line) => `- ${line}`), ''] : []),
    ...(words.removedTread.length > 0
      ? ['Tread depth of the tyres removed:', ...words.removedTread.map((line) => `- ${line}`), '']
      : []),
    ...words.checks,
    ...(words.advisories ? ['', 'Advisories:', words.advisories] : []),
    ...(words.notes ? ['', 'Notes:', words.notes] : []),
  ];
}

/** The e-mail an outbox entry of the fitter's day stands for (the invoice attached by the caller). */
function jobMail(notification: JobNotification, context: JobMailContext): Mail {
  const { booking } = notification;
  const company = context.business.companyName;
  const base = {
    from: context.from,
    to: booking.email,
    replyTo: context.business.email,
    messageId: `<job-${booking.id}.${notification.kind}.outbox-${context.outboxId}@${context.messageDomain}>`,
  };
  const vehicle = `${booking.vehicle}, ${formatRegistration(booking.registration)}`;
  if (notification.kind === 'job-on-the-way') {
    const where = bookingAddress(booking) ?? booking.locationName;
    return {
      ...base,
      subject: `We are on our way: arriving about ${formatTime(notification.eta)} (${booking.reference}) - ${company}`,
      text: [
        `Dear ${booking.name},`,
        '',
        `${notification.fitter ? `${notification.fitter}, your fitter from ${company},` : `Your fitter from ${company}`} is ${stateWords['on-the-way'].toLowerCase()} to ${where} for your ${booking.serviceTitle.toLowerCase()} and expects to arrive at about ${formatTime(notification.eta)}.`,
        '',
        `Vehicle: ${vehicle}`,
        `Reference: ${booking.reference}`,
        '',
        `If you need to reach us, call ${context.business.formattedPhone}.`,
        ...signature(context),
      ].join('\n'),
    };
  }
  return {
    ...base,
    subject: `Your job report and invoice ${notification.invoiceNumber} (${booking.reference}) - ${company}`,
    text: [
      `Dear ${booking.name},`,
      '',
      `Thank you for choosing ${company}. Here is what ${notification.fitter ?? 'we'} did today.`,
      '',
      `Service: ${booking.serviceTitle}`,
      `Vehicle: ${vehicle}`,
      `Reference: ${booking.reference}`,
      '',
      ...reportLines(notification.record),
      '',
      `Your VAT invoice ${notification.invoiceNumber} is attached.`,
      ...signature(context),
    ].join('\n'),
  };
}

/** A job e-mail as stored (events.ts queues them), checked again when read back. */
const jobNotificationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('job-on-the-way'),
    booking: storedBookingSchema,
    eta: z.string(),
    // The fitter's first name; none in e-mails queued before staff had display names.
    fitter: z.string().nullable().default(null),
  }),
  z.object({
    kind: z.literal('job-report'),
    booking: storedBookingSchema,
    // Written by the completion that queued it, from the record it checked.
    record: z.custom<JobRecord>((value) => typeof value === 'object' && value !== null),
    invoiceId: z.number(),
    invoiceNumber: z.string(),
    fitter: z.string().nullable().default(null),
  }),
]) satisfies z.ZodType<JobNotification, unknown>;

/** An issued invoice's PDF as it stands (with what has been paid against it); null when there is none. */
export type InvoicePdf = (invoiceId: number) => Promise<{ filename: string; content: Buffer } | null>;

/**
 * How the outbox reads and writes the e-mails of the fitter's day: the job report carries its
 * invoice's PDF, as it stands when the e-mail goes.
 */
export const jobMails = ({ invoicePdf }: { invoicePdf: InvoicePdf }) =>
  mailKinds<JobNotification>({
    kinds: ['job-on-the-way', 'job-report'],
    schema: jobNotificationSchema,
    write: jobMail,
    async attachments(message) {
      if (message.kind !== 'job-report') return [];
      const invoice = await invoicePdf(message.invoiceId);
      if (!invoice) throw new Error(`invoice ${message.invoiceId} cannot be attached`);
      return [{ ...invoice, contentType: 'application/pdf' }];
    },
  });
