import { bookingMails } from './bookings/mails.ts';
import { enquiryMails } from './enquiries/mails.ts';
import { jobMails, type InvoicePdf } from './jobs/mails.ts';
import { outboxMails, type OutboxMails } from './notifications/mail-kinds.ts';
import { paymentMails } from './payments/mails.ts';
import { reminderMails } from './reminders/mails.ts';

/**
 * Every kind of message the outbox holds, each read and written by the domain that queues it:
 * what the outbox worker sends and what owners read of the messages that wait. The outbox knows
 * no domain; each domain's messages are registered here.
 */
export function appOutboxMails({ invoicePdf }: { invoicePdf: InvoicePdf }): OutboxMails {
  return outboxMails([enquiryMails, bookingMails, jobMails({ invoicePdf }), reminderMails, paymentMails]);
}
