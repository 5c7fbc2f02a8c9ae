import { z } from 'zod';
import { formatPence } from '#common/util/money.ts';
import { signature } from '#server/bookings/mails.ts';
import { mailKinds } from '#server/notifications/mail-kinds.ts';

/** The e-mails of payments online, to the customer: the link to pay what is due on a job. */
type PaymentNotification = {
  kind: 'payment-link';
  bookingId: number;
  reference: string;
  name: string;
  email: string;
  amountPence: number;
  url: string;
};

const paymentNotificationSchema = z.object({
  kind: z.literal('payment-link'),
  bookingId: z.number(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  amountPence: z.number(),
  url: z.string(),
}) satisfies z.ZodType<PaymentNotification, unknown>;

/** How the outbox reads and writes the e-mails of payments online. */
export const paymentMails = mailKinds<PaymentNotification>({
  kinds: ['payment-link'],
  schema: paymentNotificationSchema,
  write: (message, context) => {
    const company = context.business.companyName;
    return {
      from: context.from,
      to: message.email,
      replyTo: context.business.email,
      messageId: `<payment-${message.bookingId}.${message.kind}.outbox-${context.outboxId}@${context.messageDomain}>`,
      subject: `Pay ${formatPence(message.amountPence)} by card (${message.reference}) - ${company}`,
      text: [
        `Dear ${message.name},`,
        '',
        `Here is the link to pay ${formatPence(message.amountPence)} for booking ${message.reference} by card:`,
        '',
        message.url,
        '',
        'The page is Stripe’s, who handle our card payments: we never see your card number. The link works for 24 hours.',
        ...signature(context),
      ].join('\n'),
    };
  },
});
