import { bookingMail } from '../bookings/mails.ts';
import { jobMail } from '../jobs/mails.ts';
import { reminderMail } from '../reminders/mails.ts';
import type { NotificationAddresses } from './addresses.ts';
import { enquiryAcknowledgementMail, enquiryNotificationMail, type Mail } from './mailer.ts';
import type { Notification } from './outbox.ts';

/**
 * The e-mail of an outbox notification, with the business's details as published now: what the
 * worker sends, and what an owner reads of a message that waits.
 */
export function composeMail(
  notification: Notification,
  outboxId: number,
  { addresses, publicUrl }: { addresses: NotificationAddresses; publicUrl: string },
): Mail {
  const { from, to, business, customerEmails, branches, noticeHours } = addresses;
  const context = { from, messageDomain: new URL(publicUrl).hostname, outboxId };
  if (notification.kind === 'enquiry-acknowledgement') {
    return enquiryAcknowledgementMail(notification.enquiry, { ...context, business, texts: customerEmails });
  }
  if (notification.kind === 'enquiry-received') {
    return enquiryNotificationMail(notification.enquiry, { ...context, to });
  }
  if (notification.kind === 'reminder') {
    return reminderMail(notification, {
      ...context,
      business,
      branches,
      tyreService: addresses.tyreService,
      reviewLink: addresses.reminders.reviewLink,
      publicUrl,
    });
  }
  if (notification.kind === 'job-on-the-way' || notification.kind === 'job-report') {
    return jobMail(notification, { ...context, business });
  }
  return bookingMail(notification, { ...context, to, business, branches, noticeHours, publicUrl });
}
