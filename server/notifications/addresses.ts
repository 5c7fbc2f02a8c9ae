import type { SiteContent } from '#common/site-content.ts';
import type { Config } from '../config.ts';
import type { SiteContentStore } from '../content/store.ts';
import type { BusinessContact, Mailbox } from './mailer.ts';

/**
 * Who the mails are from, where staff notifications go, the business customers are told of and
 * the words of their e-mails, as published when a mail is sent.
 */
export type NotificationAddresses = {
  from: Mailbox;
  to: string;
  business: BusinessContact;
  customerEmails: SiteContent['customerEmails'];
};

/**
 * Sender and recipient of the staff notifications: MAIL_FROM and NOTIFY_EMAIL when set, else
 * "<company name> website" at the business's e-mail address, as published at the time of sending.
 */
export function notificationAddresses(
  config: Pick<Config, 'mailFrom' | 'notifyEmail'>,
  siteContent: SiteContentStore,
): () => Promise<NotificationAddresses> {
  return async () => {
    const { business, customerEmails } = (await siteContent.published()).content;
    return {
      from: config.mailFrom ?? { name: `${business.companyName} website`, address: business.email },
      to: config.notifyEmail ?? business.email,
      business: {
        companyName: business.companyName,
        phone: business.phone,
        formattedPhone: business.formattedPhone,
        email: business.email,
      },
      customerEmails,
    };
  };
}
