import nodemailer from 'nodemailer';
import type { EnquiryRecord } from '#common/enquiries/enquiry.ts';
import { enquiryServiceLabel } from '#common/enquiries/options.ts';
import { fillTokens, type TokenValues } from '#common/site-content/tokens.ts';
import { formatFullDateTime } from '#common/time/formats.ts';

/** An address as written (`Name <address>`), or a display name and address apart. */
export type Mailbox = string | { name: string; address: string };

export type Mail = {
  from: Mailbox;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Stable per notification, so a mail that is sent twice can be recognised as one. */
  messageId: string;
  /** Headers of the product's own making (List-Unsubscribe), never of customers' text. */
  headers?: Record<string, string>;
  /** Files made here (a calendar entry), never read from disk or a URL. */
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  close(): void;
};

/** Connections kept open to the mail server, and so notifications sent at once. */
export const smtpConnections = 3;

/** Header values come from customers: a line break must never start a header of its own. */
export const oneLine = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/**
 * Sends through the SMTP server of `smtpUrl` (smtp://user:pass@host:587, smtps://... for TLS
 * from the start). Without one there is no mailer (null): the mails wait in the outbox for an
 * owner, and are never written to the log, which neither retention nor erasure reaches.
 */
export function createMailer({ smtpUrl }: { smtpUrl: string | undefined }): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Keeps connections open between mails: a burst of enquiries does not open one per mail.
    pool: true,
    maxConnections: smtpConnections,
    // A mail server that hangs must not hold a notification for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        // An object keeps a company name with commas or quotes one display name.
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo && oneLine(mail.replyTo),
        subject: oneLine(mail.subject),
        text: mail.text,
        messageId: mail.messageId,
        headers: mail.headers,
        attachments: mail.attachments,
        // Customers' text goes in the body only, never as raw headers.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close() {
      transport.close();
    },
  };
}

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

/** The business as the customer's e-mails name it (from the published site content). */
export type BusinessContact = TokenValues;

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
