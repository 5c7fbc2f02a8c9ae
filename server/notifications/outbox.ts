import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/**
 * A message in the outbox: its kind, and what the domain that queued it stored to write the
 * e-mail from when it goes (the payload, JSON naming its kind too). The outbox stores, locks and
 * retries messages; reading a payload is left to its domain's mail kinds (mail-kinds.ts).
 */
export type OutboxMessage = { id: number; kind: string; payload: unknown };

export type ClaimedMessage = OutboxMessage & { attempts: number };

/** How a message goes: by the mail server, or as a text (server/messages). */
export type OutboxChannel = 'email' | 'text';

const isEmail = eq(outbox.channel, 'email');

/** A payload as the database driver answers it: JSON text from a raw query, else parsed. */
const storedPayload = (payload: unknown): unknown =>
  typeof payload === 'string' ? JSON.parse(payload) : payload;

// When a mail is due, locked or retried is reckoned in the database's time alone, the time that
// stamps each row as it is queued: it is a matter between the outbox and its workers, in any
// number of processes, and dates nothing anyone reads.

/**
 * Claims up to `limit` notifications that are due: each is locked for `lockMs` (so no other
 * worker, in this process or another, takes it meanwhile) and its attempt counted.
 */
export async function claimDueNotifications(
  db: Database,
  { limit, lockMs, channel = 'email' }: { limit: number; lockMs: number; channel?: OutboxChannel },
): Promise<ClaimedMessage[]> {
  const rows = await selectRows<{ id: string | number; attempts: number; kind: string; payload: unknown }>(
    db,
    sql`update ${outbox}
        set locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = attempts + 1
        where id in (
          select id from ${outbox}
          where sent_at is null and waiting_since is null and next_attempt_at <= now() and channel = ${channel}
            and (locked_until is null or locked_until < now())
          order by id
          limit ${limit}
          for update skip locked
        )
        returning id, attempts, kind, payload`,
  );
  // In the order they were queued (an update returns its rows in no particular order): a text
  // saying the fitter is on the way never goes before the booking's confirmation.
  return rows
    .map((row) => ({
      id: Number(row.id),
      attempts: row.attempts,
      kind: row.kind,
      payload: storedPayload(row.payload),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markNotificationsSent(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    // A manage link's token is kept only until its e-mail has gone: only its hash stays stored.
    .set({
      sentAt: new Date(),
      lockedUntil: null,
      lastError: null,
      // A text's link (which may hold a manage token) likewise.
      payload: sql`${outbox.payload} - 'manageToken' - 'link'`,
    })
    .where(inArray(outbox.id, ids));
}

export async function markNotificationFailed(
  db: Database,
  id: number,
  { error, retryInMs }: { error: string; retryInMs: number },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'`,
      lockedUntil: null,
    })
    .where(eq(outbox.id, id));
}

/** Notifications not sent yet (for health reporting and tests). */
export async function countPendingNotifications(db: Database): Promise<number> {
  const [row] = await selectRows<{ pending: string | number }>(
    db,
    sql`select count(*) as pending from ${outbox} where sent_at is null`,
  );
  return Number(row?.pending ?? 0);
}

/**
 * Without a mail server: every e-mail not sent yet is marked as waiting for an owner (texts
 * never wait for one: they go while texts are configured, else none is queued).
 */
export async function holdDueNotifications(db: Database): Promise<number> {
  const held = await db
    .update(outbox)
    .set({ waitingSince: sql`now()`, lockedUntil: null })
    .where(and(isEmail, isNull(outbox.sentAt), isNull(outbox.waitingSince)))
    .returning({ id: outbox.id });
  return held.length;
}

/**
 * With a mail server again: waiting notifications younger than `youngerThanMs` are due at once;
 * the older ones keep waiting (news of an enquiry days old may no longer be wanted).
 */
export async function releaseWaitingNotifications(
  db: Database,
  { youngerThanMs }: { youngerThanMs: number },
): Promise<number> {
  const released = await db
    .update(outbox)
    .set({ waitingSince: null, nextAttemptAt: sql`now()` })
    .where(
      and(
        isNull(outbox.sentAt),
        isNotNull(outbox.waitingSince),
        sql`${outbox.createdAt} > now() - ${youngerThanMs} * interval '1 millisecond'`,
      ),
    )
    .returning({ id: outbox.id });
  return released.length;
}

export type WaitingNotification = OutboxMessage & { createdAt: string; waitingSince: string };

/** The notifications waiting for an owner, oldest first. */
export async function listWaitingNotifications(db: Database): Promise<WaitingNotification[]> {
  const rows = await db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      payload: outbox.payload,
      createdAt: outbox.createdAt,
      waitingSince: outbox.waitingSince,
    })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNotNull(outbox.waitingSince)))
    .orderBy(outbox.id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    payload: storedPayload(row.payload),
    createdAt: row.createdAt.toISOString(),
    waitingSince: row.waitingSince!.toISOString(),
  }));
}

/** An owner's "send": the waiting notification is due at once. False when no such one waits. */
export async function sendWaitingNotification(db: Database, id: number): Promise<boolean> {
  const released = await db
    .update(outbox)
    .set({ waitingSince: null, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), isNotNull(outbox.waitingSince)))
    .returning({ id: outbox.id });
  return released.length > 0;
}

/** An owner's "discard": the waiting notification is deleted unsent. False when no such one waits. */
export async function discardWaitingNotification(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(outbox)
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), isNotNull(outbox.waitingSince)))
    .returning({ id: outbox.id });
  return deleted.length > 0;
}
