import { setImmediate } from 'node:timers/promises';
import type { Database } from '../db/client.ts';
import { errorFacts, type Logger } from '../logger.ts';
import type { TaskDefinition, TaskFacts } from '../tasks/types.ts';
import type { Schedule } from '../tasks/schedule.ts';
import type { NotificationAddresses } from './addresses.ts';
import { mailContext, type OutboxMails } from './mail-kinds.ts';
import { smtpConnections, type Mailer } from './mailer.ts';
import {
  claimDueNotifications,
  holdDueNotifications,
  markNotificationFailed,
  markNotificationsSent,
  releaseWaitingNotifications,
  type ClaimedMessage,
} from './outbox.ts';

export type OutboxTaskOptions = {
  db: Database;
  /**
   * The mail server; null when none is configured: notifications then wait in the outbox, marked
   * as waiting, for an owner (nothing of them is logged).
   */
  mailer: Mailer | null;
  logger: Logger;
  /**
   * Sender and recipient of each notification, asked for at each send: by default they follow
   * the business's published e-mail address and company name, which staff may change.
   */
  addresses: () => Promise<NotificationAddresses>;
  /** The site's origin: the host names the mails' Message-IDs, and booking e-mails link to it. */
  publicUrl: string;
  /** How each kind of message is read and written, by the domain that stores it. */
  mails: OutboxMails;
  /** When to look for due notifications besides when asked (after an enquiry is stored). */
  schedule?: Schedule;
  /** First retry delay; doubles with each failed attempt up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /**
   * With a mail server, notifications left waiting (from a start without one) that are younger
   * than this are sent; older ones keep waiting for an owner to send or discard them.
   */
  sendWaitingYoungerThanMs?: number;
};

/** Each claim locks a notification for this long; a crashed process's claims expire after it. */
const claimLockMs = 2 * 60 * 1000;
const batchSize = 100;
/** Waiting notifications sent unasked when a mail server is configured later. */
const sendWaitingWithinMs = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The background task `outbox`: sends the outbox's notifications, every five seconds and whenever
 * the server asks (an enquiry or a booking stored, a job's report due), in one run at a time
 * across processes. The enquiry request never waits for the mail server: it only writes the
 * outbox row. A failed send is retried with exponential backoff, without limit, so a mail server
 * that is down for hours delays notifications but loses none; rows still unsent when the process
 * stops are sent by the next run, here or in another process.
 */
export function outboxTask(options: OutboxTaskOptions): TaskDefinition {
  const { db, mailer, logger, retryBaseMs = 10_000, maxRetryMs = 60 * 60 * 1000 } = options;
  /** Whether this process has released what a start without a mail server left waiting. */
  let released = false;

  /** Sends one notification; true when it went out. */
  async function deliver({ id, attempts, kind, payload }: ClaimedMessage): Promise<boolean> {
    try {
      // A message no domain can read (of a kind this version does not know, say) fails alone and
      // is retried like any other: a process of another version may yet send it.
      const message = options.mails.read({ kind, payload });
      const mail = message.write(mailContext(await options.addresses(), options.publicUrl, id));
      // Files made as the mail is sent (an invoice as it stands) join those written with it.
      const attachments = await message.attachments();
      if (attachments.length > 0) mail.attachments = [...(mail.attachments ?? []), ...attachments];
      await mailer!.send(mail);
      logger.info({ outboxId: id, kind, attempts }, 'notification sent');
      return true;
    } catch (error) {
      const retryInMs = retryDelayMs(attempts, retryBaseMs, maxRetryMs);
      const message = error instanceof Error ? error.message : String(error);
      // The mail server's message may quote the recipient: the log has its code and class only.
      logger.warn(
        { outboxId: id, kind, attempts, retryInMs, error: errorFacts(error) },
        'notification not sent, will retry',
      );
      await markNotificationFailed(db, id, { error: message, retryInMs });
      return false;
    }
  }

  /**
   * Sends the claimed notifications a few at a time (as many as the mail server's connections),
   * each after the requests waiting meanwhile have been served: writing a mail (its text, its
   * calendar entry) takes the thread a while, and a round of a hundred at once would hold up
   * every request for as long. True for each one that went out, in order.
   */
  async function deliverAll(claimed: ClaimedMessage[]): Promise<boolean[]> {
    const sent: boolean[] = [];
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        const index = next++;
        await setImmediate();
        sent[index] = await deliver(claimed[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(smtpConnections, claimed.length) }, lane));
    return sent;
  }

  /**
   * Claims and sends due notifications. Only a full batch is followed at once by another claim
   * (more may be due); what is stored meanwhile asks for another run, which the runner starts a
   * moment after this one ends, so under a steady stream of enquiries each claim takes that
   * moment's worth of them rather than the one or two stored since the previous claim.
   */
  async function sendDue(signal: AbortSignal): Promise<TaskFacts | undefined> {
    const releasedNow = released ? 0 : await releaseWaiting();
    let sent = 0;
    let failed = 0;
    for (;;) {
      if (signal.aborted) break;
      const claimed = await claimDueNotifications(db, { limit: batchSize, lockMs: claimLockMs });
      if (claimed.length === 0) break;
      const delivered = await deliverAll(claimed);
      const sentIds = claimed.filter((_notification, index) => delivered[index]).map(({ id }) => id);
      await markNotificationsSent(db, sentIds);
      sent += sentIds.length;
      failed += claimed.length - sentIds.length;
      if (claimed.length < batchSize) break;
    }
    if (sent === 0 && failed === 0 && releasedNow === 0) return undefined;
    return { sent, failed, ...(releasedNow > 0 && { released: releasedNow }) };
  }

  /**
   * Notifications left waiting by a start without a mail server, younger than a day, are sent
   * now that there is one; older ones keep waiting for an owner to send or discard them.
   */
  async function releaseWaiting(): Promise<number> {
    const count = await releaseWaitingNotifications(db, {
      youngerThanMs: options.sendWaitingYoungerThanMs ?? sendWaitingWithinMs,
    });
    released = true;
    return count;
  }

  return {
    name: 'outbox',
    schedule: options.schedule ?? 'every 5 seconds',
    run: async ({ signal }) => {
      if (mailer) return sendDue(signal);
      // Without a mail server, what is due waits for an owner (nothing of it is logged).
      const waiting = await holdDueNotifications(db);
      return waiting > 0 ? { waiting, reason: 'e-mail is not set up (SMTP_URL)' } : undefined;
    },
  };
}
