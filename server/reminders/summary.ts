import type { RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { reminderBookingDays, reminderKinds, type ReminderKind } from '#common/reminders/reminders.ts';
import type { ReminderKindCounts, ReminderSummary } from '#common/reminders/summary.ts';
import { selectRows, type Database } from '../db/client.ts';
import { bookings, reminders, reminderUnsubscribes } from '../db/schema.ts';

type CountsRow = Omit<ReminderKindCounts, 'kind'> & { kind: string };

/**
 * Each kind's reminders by status, and the sent ones the customer followed with a booking. The
 * two ways of being the same customer (the registration; the address, in any case) are two
 * equality joins rather than one join on either, so that the database can hash each; their union
 * counts a reminder once however many bookings followed it.
 */
const countsByKind = sql`
  with sent as (
    select id, registration, lower(email) as email, sent_at from ${reminders} where status = 'sent'
  ),
  later as (
    select registration, lower(email) as email, created_at from ${bookings} where status <> 'cancelled'
  ),
  followed as (
    select sent.id from sent join later on later.registration = sent.registration
      and later.created_at between sent.sent_at and sent.sent_at + make_interval(days => ${reminderBookingDays}::int)
    union
    select sent.id from sent join later on later.email = sent.email
      and later.created_at between sent.sent_at and sent.sent_at + make_interval(days => ${reminderBookingDays}::int)
  )
  select r.kind,
    (count(*) filter (where r.status = 'scheduled'))::int as scheduled,
    (count(*) filter (where r.status = 'sent'))::int as sent,
    (count(*) filter (where r.status = 'cancelled'))::int as cancelled,
    count(followed.id)::int as booked
  from ${reminders} r left join followed on followed.id = r.id
  group by r.kind`;

/** The Reminders section's figures: every kind, none left out for having no reminders yet. */
export async function reminderSummary(db: Database): Promise<ReminderSummary> {
  const [rows, [unsubscribed]] = await Promise.all([
    selectRows<CountsRow>(db, countsByKind),
    selectRows<{ count: number }>(db, sql`select count(*)::int as count from ${reminderUnsubscribes}`),
  ]);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const countsOf = (kind: ReminderKind): ReminderKindCounts => {
    const row = byKind.get(kind);
    return {
      kind,
      scheduled: Number(row?.scheduled ?? 0),
      sent: Number(row?.sent ?? 0),
      cancelled: Number(row?.cancelled ?? 0),
      booked: Number(row?.booked ?? 0),
    };
  };
  return { kinds: reminderKinds.map(countsOf), unsubscribed: Number(unsubscribed?.count ?? 0) };
}

/** GET /api/reminders/summary, behind the reminders' guard (owners and staff). */
export const reminderSummaryRoute =
  (db: Database): RequestHandler =>
  async (_req, res) => {
    res.json(await reminderSummary(db));
  };
