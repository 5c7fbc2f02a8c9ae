import { formatRegistration } from '#common/vehicles/registration.ts';
import { mobileLocation } from '#common/bookings/settings.ts';
import { dayText } from '#common/bookings/words.ts';
import { earliestMotTest, motService, reminderKinds } from '#common/reminders/reminders.ts';
import { z } from 'zod';
import type { NotificationAddresses } from '#server/notifications/addresses.ts';
import { mailKinds } from '#server/notifications/mail-kinds.ts';
import type { Mail, Mailbox } from '#server/notifications/mailer.ts';
import type { ReminderNotification } from './send.ts';

type ReminderMailContext = Pick<NotificationAddresses, 'business' | 'branches' | 'tyreService'> & {
  from: Mailbox;
  reviewLink: string;
  messageDomain: string;
  outboxId: number;
  publicUrl: string;
};

/** The page a reminder's unsubscribe link and its List-Unsubscribe header name. */
const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe/${encodeURIComponent(token)}`;

/** The booking page with the service and the place chosen already. */
function bookUrl(publicUrl: string, service: string | null, location: string): string {
  const query = new URLSearchParams({ ...(service && { service }), location });
  return `${publicUrl}/book?${query.toString()}`;
}

/**
 * A reminder or review request, in plain text. Each carries a visible unsubscribe link and the
 * headers of RFC 2369 and RFC 8058, so that mail programs offer one-click unsubscribing: a POST
 * to the same address unsubscribes without a page, a sign-in or a confirmation.
 */
function reminderMail(notification: ReminderNotification, context: ReminderMailContext): Mail {
  const { reminder } = notification;
  const company = context.business.companyName;
  const vehicle = formatRegistration(reminder.registration);
  const unsubscribe = unsubscribeUrl(context.publicUrl, notification.unsubscribeToken);
  const { subject, lines } = reminderText(notification, context, vehicle);
  return {
    from: context.from,
    to: reminder.email,
    replyTo: context.business.email,
    subject: `${subject} - ${company}`,
    text: [
      `Dear ${reminder.name},`,
      '',
      ...lines,
      '',
      company,
      `${context.business.formattedPhone} | ${context.business.email}`,
      '',
      reminder.kind === 'review'
        ? 'We ask every customer the same, once a year at most.'
        : 'You are receiving this reminder because you asked for reminders when you booked with us.',
      `To receive no more reminders or review requests from us: ${unsubscribe}`,
    ].join('\n'),
    messageId: `<reminder-${reminder.id}.outbox-${context.outboxId}@${context.messageDomain}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

function reminderText(
  { reminder }: ReminderNotification,
  context: ReminderMailContext,
  vehicle: string,
): { subject: string; lines: string[] } {
  const phone = context.business.formattedPhone;
  if (reminder.kind === 'review') {
    return {
      subject: 'How did we do?',
      lines: [
        `Thank you for choosing ${context.business.companyName} for your vehicle ${vehicle}.`,
        '',
        'Would you take a minute to tell others what you thought, good or bad? Your review helps drivers near you choose, and tells us what to keep doing and what to do better.',
        '',
        `Leave a review: ${context.reviewLink}`,
        '',
        `If anything about the job was not right, please reply to this e-mail or call us on ${phone}.`,
      ],
    };
  }
  if (reminder.kind === 'tyres') {
    return {
      subject: `Time to look at your tyres (${vehicle})`,
      lines: [
        `When we last worked on ${vehicle}, we noted a tyre worn to 3 mm or less, or advised on something to watch. Tyres grip less in the wet as they wear, and the legal minimum is 1.6 mm.`,
        '',
        `Book a check or new tyres online, at your home or work or at a branch: ${bookUrl(context.publicUrl, context.tyreService, reminder.location)}`,
        '',
        `Or call us on ${phone}.`,
      ],
    };
  }
  const expiry = reminder.motExpiry;
  const branch = context.branches.find((entry) => entry.key === reminder.location);
  const location = branch ? branch.key : (context.branches[0]?.key ?? mobileLocation);
  const where = branch ? ` at our ${branch.name} branch` : '';
  return {
    subject: expiry
      ? `${reminder.step === 2 ? 'A week to go: your' : 'Your'} MOT runs out on ${dayText(expiry)} (${vehicle})`
      : `Your MOT is due soon (${vehicle})`,
    lines: [
      expiry
        ? `The MOT certificate of ${vehicle} runs out on ${dayText(expiry)}. Driving without a valid MOT can mean a fine of up to £1,000.`
        : `The MOT of ${vehicle} is due soon.`,
      ...(expiry
        ? [
            '',
            `You can have it tested from ${dayText(earliestMotTest(expiry))} and keep the same renewal date.`,
          ]
        : []),
      '',
      `Book your MOT${where} online: ${bookUrl(context.publicUrl, motService, location)}`,
      '',
      `Or call us on ${phone}.`,
    ],
  };
}

/** A reminder's e-mail as stored (send.ts queues them), checked again when read back. */
const reminderNotificationSchema = z.object({
  kind: z.literal('reminder'),
  reminder: z.object({
    id: z.number(),
    kind: z.enum(reminderKinds),
    step: z.number(),
    name: z.string(),
    email: z.string(),
    registration: z.string(),
    location: z.string(),
    motExpiry: z.string().nullable(),
  }),
  unsubscribeToken: z.string(),
}) satisfies z.ZodType<ReminderNotification, unknown>;

/** How the outbox reads and writes reminders and review requests. */
export const reminderMails = mailKinds<ReminderNotification>({
  kinds: ['reminder'],
  schema: reminderNotificationSchema,
  write: (message, context) =>
    reminderMail(message, { ...context, reviewLink: context.reminders.reviewLink }),
});
