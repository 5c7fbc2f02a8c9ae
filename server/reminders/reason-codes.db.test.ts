import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cancelledReasonCodes,
  cancelledReasonWords,
  type CancelledReason,
} from '#common/reminders/reminders.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { bookings, reminders } from '../db/schema.ts';
import { migrationsDir } from '../paths.ts';

// A cancelled reminder stores why as a code; staff read its words from one place.
const { fixture, book } = useBookingsApp();

/** The booking the reminders follow. */
let bookingId: number;

beforeEach(async () => {
  await fixture.database.db.delete(reminders);
  await fixture.database.db.delete(bookings);
  await book(makeBooking()).expect(201);
  const [booked] = await fixture.database.db.select({ id: bookings.id }).from(bookings);
  bookingId = booked!.id;
});

/** A reminder following the booking, cancelled with `reason` (written as it is given). */
async function cancelledWith(reason: string) {
  await fixture.database.db.insert(reminders).values({
    kind: 'tyres',
    status: 'cancelled',
    dueAt: new Date('2027-05-01T09:00:00Z'),
    registration: 'AB12CDE',
    bookingId,
    name: 'Jo Driver',
    email: 'jo@example.com',
    location: 'mobile',
    cancelledReason: reason as CancelledReason,
  });
}

/** The statements of migration 0034, in order. */
const migration = () =>
  fs
    .readFileSync(path.join(migrationsDir, '0034_reminder_reason_codes.sql'), 'utf8')
    .split('--> statement-breakpoint');

describe('a cancelled reminder’s reason', () => {
  it('is one of the codes, each with words for staff', async () => {
    for (const code of cancelledReasonCodes) expect(cancelledReasonWords[code]).toMatch(/^[A-Z].*\.$/);
    await cancelledWith('unticked');
    await expect(cancelledWith('Unticked by staff.')).rejects.toThrow();
  });

  it('written in words before the codes is turned into its code by migration 0034', async () => {
    const db = fixture.database.db;
    const [update, , check] = migration();
    await db.execute(sql.raw('ALTER TABLE reminders DROP CONSTRAINT reminders_cancelled_reason_code'));
    try {
      const before = {
        'The MOT expiry changed.': 'expiry-changed',
        'Unticked by staff.': 'unticked',
        'Unsubscribed.': 'unsubscribed',
        'No review link was set in the site content.': 'no-review-link',
        'An MOT was booked since.': 'mot-booked',
        'Tyre work was booked since.': 'tyres-booked',
      };
      for (const words of Object.keys(before)) await cancelledWith(words);
      await db.execute(sql.raw(update!));
      const stored = await db.select({ reason: reminders.cancelledReason }).from(reminders);
      expect(stored.map((row) => row.reason).sort()).toEqual(Object.values(before).sort());
    } finally {
      await db.execute(sql.raw(check!));
    }
  });
});
