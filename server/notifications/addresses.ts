import type { Config } from '../config.ts';
import type { SiteContentStore } from '../content/store.ts';
import type { Mailbox } from './mailer.ts';

/**
 * Sender and recipient of the staff notifications: MAIL_FROM and NOTIFY_EMAIL when set, else
 * "<company name> website" at the business's e-mail address, as published at the time of sending.
 */
export function notificationAddresses(
  config: Pick<Config, 'mailFrom' | 'notifyEmail'>,
  siteContent: SiteContentStore,
): () => Promise<{ from: Mailbox; to: string }> {
  return async () => {
    const { business } = (await siteContent.published()).content;
    return {
      from: config.mailFrom ?? { name: `${business.companyName} website`, address: business.email },
      to: config.notifyEmail ?? business.email,
    };
  };
}
