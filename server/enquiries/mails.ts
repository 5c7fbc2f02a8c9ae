import { z } from 'zod';
import type { EnquiryRecord } from '#common/enquiries/enquiry.ts';
import { enquiryServiceLabel } from '#common/enquiries/options.ts';
import { fillTokens } from '#common/site-content/tokens.ts';
import { formatFullDateTime } from '#common/time/formats.ts';
import { mailKinds } from '#server/notifications/mail-kinds.ts';
import type { BusinessContact, Mail, Mailbox } from '#server/notifications/mailer.ts';

/**
 * The e-mails of an enquiry: to staff, every field of a new one; to the customer, an
 * acknowledgement with its reference. Both are queued with the enquiry (store.ts).
 */

/** The enquiry as it was when its e-mails were queued. Stored as JSON and checked again when read. */
const enquirySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  vehicle: z.string().nullable(),
  service: z.string().nullable(),
  message: z.string(),
  contacted: z.boolean(),
  createdAt: z.string(),
  reference: z.string().optional(),
  postcode: z.string().nullable().optional(),
  outsideArea: z.boolean().optional(),
}) satisfies z.ZodType<EnquiryRecord>;

const enquiryMailKindNames = ['enquiry-received', 'enquiry-acknowledgement'] as const;

/** What the outbox holds for an enquiry's e-mail. */
const enquiryNotificationSchema = z.object({ kind: z.enum(enquiryMailKindNames), enquiry: enquirySchema });

type EnquiryNotification = z.infer<typeof enquiryNotificationSchema>;

const serviceLabel = (value: string | null) => enquiryServiceLabel(value) ?? 'Not given';

/** The staff e-mail for a new enquiry: every field, readable on a phone. */
export function enquiryNotificationMail(
  enquiry: EnquiryRecord,
  {
    from,
    to,
    messageDomain,
    outboxId,
  }: { from: Mailbox; to: string; messageDomain: string; outboxId: number },
): Mail {
  const received = formatFullDateTime(enquiry.createdAt);
  const lines = [
    `New enquiry from the website, received ${received}.`,
    '',
    `Name: ${enquiry.name}`,
    `Phone: ${enquiry.phone ?? 'Not given'}`,
    `Email: ${enquiry.email}`,
    `Vehicle Make & Model: ${enquiry.vehicle ?? 'Not given'}`,
    `Service: ${serviceLabel(enquiry.service)}`,
    `Postcode: ${enquiry.postcode ?? 'Not given'}${enquiry.outsideArea ? ' (OUTSIDE the covered area)' : ''}`,
    '',
    'Additional Information:',
    enquiry.message || 'None',
    '',
    `Reference ${enquiry.reference ?? `enquiry number ${enquiry.id}`}. Reply to this e-mail to answer the customer.`,
  ];
  return {
    from,
    to,
    replyTo: enquiry.email,
    subject: `New enquiry: ${enquiry.name} (${serviceLabel(enquiry.service)})`,
    text: lines.join('\n'),
    messageId: `<enquiry-${enquiry.id}.outbox-${outboxId}@${messageDomain}>`,
  };
}

/** The words of the customer's e-mails, from the published site content ({companyName} etc. filled in here). */
export type CustomerEmailTexts = { acknowledgementIntro: string; acknowledgementNextSteps: string };

/**
 * The customer's acknowledgement: their reference, what they asked for and what happens next,
 * in plain text. Replies go to the business.
 */
export function enquiryAcknowledgementMail(
  enquiry: EnquiryRecord,
  {
    from,
    business,
    texts,
    messageDomain,
    outboxId,
  }: {
    from: Mailbox;
    business: BusinessContact;
    texts: CustomerEmailTexts;
    messageDomain: string;
    outboxId: number;
  },
): Mail {
  const reference = enquiry.reference ?? `number ${enquiry.id}`;
  const service = enquiryServiceLabel(enquiry.service);
  const lines = [
    `Dear ${enquiry.name},`,
    '',
    fillTokens(texts.acknowledgementIntro, business),
    '',
    `Your reference: ${reference}`,
    ...(service ? [`Service: ${service}`] : []),
    ...(enquiry.vehicle ? [`Vehicle: ${enquiry.vehicle}`] : []),
    ...(enquiry.postcode ? [`Postcode: ${enquiry.postcode}`] : []),
    ...(enquiry.message ? ['Your message:', enquiry.message] : []),
    '',
    fillTokens(texts.acknowledgementNextSteps, business),
    ...(enquiry.outsideArea
      ? [
          'Your postcode is outside the area we usually cover. We will tell you whether we can come to you, or which of our branches is nearest.',
        ]
      : []),
    '',
    business.companyName,
    `${business.formattedPhone} | ${business.email}`,
    '',
    'You are receiving this e-mail because this address was given in an enquiry on our website. If that was not you, please ignore it.',
  ];
  return {
    from,
    to: enquiry.email,
    replyTo: business.email,
    subject: `We have your enquiry (${reference}) - ${business.companyName}`,
    text: lines.join('\n'),
    messageId: `<enquiry-${enquiry.id}.acknowledgement.outbox-${outboxId}@${messageDomain}>`,
  };
}

/** How the outbox reads and writes an enquiry's e-mails. */
export const enquiryMails = mailKinds<EnquiryNotification>({
  kinds: enquiryMailKindNames,
  schema: enquiryNotificationSchema,
  write: ({ kind, enquiry }, context) =>
    kind === 'enquiry-received'
      ? enquiryNotificationMail(enquiry, context)
      : enquiryAcknowledgementMail(enquiry, { ...context, texts: context.customerEmails }),
});
