import { setImmediate } from 'node:timers/promises';
import type { Database } from '../db/client.ts';
import { errorFacts, type Logger } from '../logger.ts';
import type { NotificationAddresses } from './addresses.ts';
import { composeMail } from './compose.ts';
import { smtpConnections, type Mailer } from './mailer.ts';
import {
  claimDueNotifications,
  holdDueNotifications,
  markNotificationFailed,
  markNotificationsSent,
  releaseWaitingNotifications,
  type ClaimedNotification,
} from './outbox.ts';

export type OutboxWorkerOptions = {
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
  /** How often to look for due notifications when nothing wakes the worker. */
  pollMs?: number;
  /** First retry delay; doubles with each failed attempt up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /**
   * With a mail server, notifications left waiting (from a start without one) that are younger
   * than this are sent; older ones keep waiting for an owner to send or discard them.
   */
  sendWaitingYoungerThanMs?: number;
  /**
   * The PDF of an issued invoice, with what has been paid against it when the mail goes: attached
   * to the job report.
   */
  invoicePdf?: (invoiceId: number) => Promise<{ filename: string; content: Buffer } | null>;
};

export type OutboxWorker = {
  /** Looks for work now (called after an enquiry is stored). */
  wake(): void;
  /** Finishes the current round and stops. */
  stop(): Promise<void>;
};

/** Each claim locks a notification for this long; a crashed worker's claims expire after it. */
const claimLockMs = 2 * 60 * 1000;
const batchSize = 100;
const wakeDelayMs = 20;
/** Waiting notifications sent unasked when a mail server is configured later. */
export const sendWaitingWithinMs = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends the outbox's notifications in the background. The enquiry request never waits for the
 * mail server: it only writes the outbox row. A failed send is retried with exponential backoff,
 * without limit, so a mail server that is down for hours delays notifications but loses none;
 * rows still unsent when the process stops are picked up after the next start.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, logger, pollMs = 5_000, retryBaseMs = 10_000, maxRetryMs = 60 * 60 * 1000 } = options;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  /** The next round is due after the wake-up delay (rather than the poll interval). */
  let wakeScheduled = false;
  /** An enquiry was stored while a round ran: the round may have claimed before it. */
  let wokenDuringRound = false;

  /** Sends one notification; true when it went out. */
  async function deliver({ id, attempts, notification }: ClaimedNotification): Promise<boolean> {
    try {
      const mail = composeMail(notification, id, {
        addresses: await options.addresses(),
        publicUrl: options.publicUrl,
      });
      if (notification.kind === 'job-report') {
        const invoice = await options.invoicePdf?.(notification.invoiceId);
        if (!invoice) throw new Error(`invoice ${notification.invoiceId} cannot be attached`);
        mail.attachments = [{ ...invoice, contentType: 'application/pdf' }];
      }
      await mailer!.send(mail);
      logger.info({ outboxId: id, kind: notification.kind, attempts }, 'notification sent');
      return true;
    } catch (error) {
      const retryInMs = retryDelayMs(attempts, retryBaseMs, maxRetryMs);
      const message = error instanceof Error ? error.message : String(error);
      // The mail server's message may quote the recipient: the log has its code and class only.
      logger.warn(
        { outboxId: id, attempts, retryInMs, error: errorFacts(error) },
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
  async function deliverAll(claimed: ClaimedNotification[]): Promise<boolean[]> {
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
   * (more may be due); what arrives meanwhile wakes the worker again, so under a steady stream
   * of enquiries each claim takes the wake-up delay's worth of them rather than the one or two
   * stored since the previous claim.
   */
  async function round() {
    if (!mailer) {
      const held = await holdDueNotifications(db);
      if (held > 0) logger.info({ notifications: held }, 'notifications waiting: e-mail is not set up');
      return;
    }
    for (;;) {
      if (stopped) return;
      const claimed = await claimDueNotifications(db, { limit: batchSize, lockMs: claimLockMs });
      if (claimed.length === 0) return;
      const sent = await deliverAll(claimed);
      await markNotificationsSent(
        db,
        claimed.filter((_notification, index) => sent[index]).map((notification) => notification.id),
      );
      if (claimed.length < batchSize) return;
    }
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  }

  function run() {
    if (stopped || running) return;
    timer = undefined;
    wakeScheduled = false;
    running = round()
      .catch((error: unknown) => logger.error({ error: errorFacts(error) }, 'outbox round failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        wakeScheduled = wokenDuringRound;
        wokenDuringRound = false;
        schedule(wakeScheduled ? wakeDelayMs : pollMs);
      });
  }

  const released = mailer
    ? releaseWaitingNotifications(db, {
        youngerThanMs: options.sendWaitingYoungerThanMs ?? sendWaitingWithinMs,
      })
        .then((count) => {
          if (count > 0) logger.info({ notifications: count }, 'waiting notifications released to be sent');
        })
        .catch((error: unknown) =>
          logger.error({ error: errorFacts(error) }, 'waiting notifications could not be released'),
        )
    : Promise.resolve();
  void released.then(run);
  return {
    // Wake-ups within a few milliseconds share one round, so a burst of enquiries is sent in
    // batches rather than one claim per enquiry.
    wake() {
      if (stopped) return;
      if (running) {
        wokenDuringRound = true;
        return;
      }
      if (wakeScheduled) return;
      wakeScheduled = true;
      schedule(wakeDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await released;
      await running;
      mailer?.close();
    },
  };
}
