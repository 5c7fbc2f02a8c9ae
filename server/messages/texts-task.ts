import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { textMessages } from '../db/schema.ts';
import { errorFacts, type Logger } from '../logger.ts';
import {
  claimDueNotifications,
  markNotificationFailed,
  markNotificationsSent,
  type ClaimedMessage,
} from '../notifications/outbox.ts';
import { retryDelayMs } from '../notifications/outbox-task.ts';
import { recordServiceFailure, recordServiceSuccess } from '../db/service-checks.ts';
import type { TaskDefinition } from '../tasks/types.ts';
import {
  goesDespiteOptOut,
  keptBody,
  optedOut,
  recordTextStatus,
  sentBody,
  textOfOutboxRow,
  textPayloadSchema,
  textStatusOf,
  type TextPayload,
} from './outbox-texts.ts';
import { TwilioError, type Twilio, type TwilioMessage } from './twilio.ts';

export type TextsDependencies = {
  db: Database;
  twilio: Twilio;
  logger: Logger;
  /** The site's origin: Twilio reports each text's delivery to it. */
  publicUrl: string;
  retryBaseMs?: number;
  maxRetryMs?: number;
};

/** The name service checks (db/service-checks.ts) know Twilio by. */
export const twilioService = 'twilio';

const claimLockMs = 2 * 60 * 1000;
const batchSize = 50;

/**
 * The background task `texts`: sends the outbox's texts through Twilio, every ten seconds and
 * when a text is queued, once at a time across processes. Each text goes once: its record is
 * written ("sending") before Twilio is asked, so that a process that stops between Twilio's
 * acceptance and the outbox's note finds the record when the text is claimed again, and asks
 * Twilio whether it went rather than sending it twice. A refusal asking again cannot change
 * (a number that is no mobile, one that replied STOP at Twilio) is final; anything else is asked
 * again later, with the outbox's backoff.
 */
export function textsTask(deps: TextsDependencies): TaskDefinition {
  const { db, logger, retryBaseMs = 10_000, maxRetryMs = 60 * 60 * 1000 } = deps;
  const statusCallback = `${deps.publicUrl}/api/sms/twilio/status`;

  /** Sends one text; what became of it. */
  async function deliver({
    id,
    attempts,
    payload,
  }: ClaimedMessage): Promise<'sent' | 'skipped' | 'failed' | 'retry'> {
    const parsed = textPayloadSchema.safeParse(payload);
    if (!parsed.success) {
      await markNotificationFailed(db, id, { error: 'not a text of this version', retryInMs: maxRetryMs });
      return 'retry';
    }
    const text = parsed.data;
    if (!goesDespiteOptOut(text.text) && (await optedOut(db, text.phone))) {
      logger.info({ outboxId: id, text: text.text }, 'text not sent: the number replied STOP');
      return 'skipped';
    }
    try {
      const earlier = await textOfOutboxRow(db, id);
      if (earlier?.providerId) return 'sent';
      const gone = earlier ? await alreadySent(text, earlier.createdAt) : null;
      const record = earlier ?? (await recordSending(id, text));
      const answer =
        gone ?? (await deps.twilio.send({ to: text.phone, body: sentBody(text), statusCallback }));
      await db
        .update(textMessages)
        .set({ providerId: answer.sid, status: 'sending', statusAt: sql`now()` })
        .where(eq(textMessages.id, record.id));
      await recordTextStatus(db, {
        providerId: answer.sid,
        status: textStatusOf(answer.status) ?? 'queued',
        errorCode: answer.error_code ?? null,
      });
      await recordServiceSuccess(db, twilioService);
      logger.info({ outboxId: id, text: text.text, attempts }, 'text sent');
      return 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await recordServiceFailure(db, twilioService, reason);
      if (error instanceof TwilioError && error.final) {
        await db
          .update(textMessages)
          .set({ status: 'failed', errorCode: error.code, statusAt: sql`now()` })
          .where(eq(textMessages.outboxId, id));
        logger.warn(
          { outboxId: id, text: text.text, code: error.code, status: error.status },
          'text refused',
        );
        return 'failed';
      }
      const retryInMs = retryDelayMs(attempts, retryBaseMs, maxRetryMs);
      logger.warn(
        { outboxId: id, text: text.text, attempts, retryInMs, error: errorFacts(error) },
        'text not sent, will retry',
      );
      await markNotificationFailed(db, id, { error: reason, retryInMs });
      return 'retry';
    }
  }

  /** The record of a text about to be sent, before Twilio is asked. */
  async function recordSending(outboxId: number, text: TextPayload) {
    const [record] = await db
      .insert(textMessages)
      .values({
        direction: 'out',
        kind: text.text,
        phone: text.phone,
        body: keptBody(text),
        bookingId: text.bookingId,
        enquiryId: text.enquiryId,
        outboxId,
        status: 'sending',
      })
      .returning({ id: textMessages.id, createdAt: textMessages.createdAt });
    return record!;
  }

  /** The text Twilio has from an earlier attempt that stopped before its answer was noted, if any. */
  async function alreadySent(text: TextPayload, since: Date): Promise<TwilioMessage | null> {
    const sent = await deps.twilio.sentTo(text.phone, since);
    return sent.find((message) => message.body === sentBody(text)) ?? null;
  }

  return {
    name: 'texts',
    schedule: 'every 10 seconds',
    run: async ({ signal }) => {
      const facts = { sent: 0, skipped: 0, failed: 0, retry: 0 };
      for (;;) {
        if (signal.aborted) break;
        const claimed = await claimDueNotifications(db, {
          limit: batchSize,
          lockMs: claimLockMs,
          channel: 'text',
        });
        if (claimed.length === 0) break;
        const done: number[] = [];
        for (const message of claimed) {
          const outcome = await deliver(message);
          facts[outcome] += 1;
          if (outcome !== 'retry') done.push(message.id);
        }
        await markNotificationsSent(db, done);
        if (claimed.length < batchSize) break;
      }
      const any = Object.values(facts).some((count) => count > 0);
      return any ? facts : undefined;
    },
  };
}
