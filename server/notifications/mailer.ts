import nodemailer from 'nodemailer';
import type { TokenValues } from '#common/site-content/tokens.ts';

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

/** The business as the customer's e-mails name it (from the published site content). */
export type BusinessContact = TokenValues;
