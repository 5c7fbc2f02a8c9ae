import type { ReminderSettings } from '#common/reminders/settings.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
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
  /** For booking e-mails: the branches' addresses and the online cancellation cut-off. */
  branches: { key: string; name: string; address: string }[];
  noticeHours: number;
  /** For reminders: their settings (the review link), and the service a tyre reminder books. */
  reminders: ReminderSettings;
  tyreService: string | null;
};

/** The branches' names and addresses on one line, as the booking e-mails and calendar entries give them. */
export const branchAddresses = (content: Pick<SiteContent, 'branches'>): NotificationAddresses['branches'] =>
  content.branches.map((branch) => ({
    key: branch.key,
    name: branch.name,
    address: `${branch.address.street}, ${branch.address.locality}, ${branch.address.postcode}`,
  }));

/**
 * Sender and recipient of the staff notifications: MAIL_FROM and NOTIFY_EMAIL when set, else
 * "<company name> website" at the business's e-mail address, as published at the time of sending.
 */
export function notificationAddresses(
  config: { mailFrom: string | null; notifyEmail: string | null },
  siteContent: { published(): Promise<{ content: SiteContent }> },
  settings: () => Promise<BusinessSettings>,
): () => Promise<NotificationAddresses> {
  return async () => {
    const [{ content }, { booking, reminders }] = await Promise.all([siteContent.published(), settings()]);
    const { business, customerEmails } = content;
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
      branches: branchAddresses(content),
      noticeHours: booking.noticeHours,
      reminders,
      tyreService: content.services.find((service) => service.visible)?.slug ?? null,
    };
  };
}
