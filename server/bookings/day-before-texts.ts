import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { sendingHours } from '#common/reminders/sending-hours.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { londonDate, londonTime } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import type { TaskDefinition } from '../tasks/types.ts';
import { bookingTextColumns, queueBookingText, textLinkKey, textManageToken, textPhone } from './texts.ts';

type DayBeforeDependencies = {
  db: Database;
  clock: () => Date;
  publicUrl: string;
  settings: () => Promise<BusinessSettings>;
  businessName: () => Promise<string>;
};

/** Bookings texted in one transaction; the task goes on until none is left. */
const batchSize = 100;

/**
 * The background task `day-before-texts` (while texts are set up): from the time the messages
 * settings give (17:00 by default) until the sending hours end, each booking of the next day
 * whose customer asked for texts gets one text with its window and its manage link, once: the
 * booking's `day_before_text_at` is set in the transaction that queues it.
 */
export function dayBeforeTextsTask(deps: DayBeforeDependencies): TaskDefinition {
  return {
    name: 'day-before-texts',
    schedule: 'every 5 minutes',
    run: async () => {
      const now = deps.clock();
      const settings = await deps.settings();
      const time = londonTime(now);
      if (time < settings.messages.dayBeforeTime || time >= sendingHours.until) return undefined;
      const tomorrow = addDays(londonDate(now), 1);
      const businessName = await deps.businessName();
      const linkKey = await textLinkKey(deps.db);
      let texted = 0;
      for (;;) {
        const count = await textBatch(deps, { tomorrow, now, settings, businessName, linkKey });
        texted += count.texted;
        if (count.read < batchSize) break;
      }
      return texted > 0 ? { texted } : undefined;
    },
  };
}

async function textBatch(
  { db, publicUrl }: DayBeforeDependencies,
  {
    tomorrow,
    now,
    settings,
    businessName,
    linkKey,
  }: { tomorrow: string; now: Date; settings: BusinessSettings; businessName: string; linkKey: Buffer },
) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select(bookingTextColumns)
      .from(bookings)
      .where(
        and(
          eq(bookings.date, tomorrow),
          inArray(bookings.status, ['booked', 'confirmed']),
          isNull(bookings.dayBeforeTextAt),
          ne(bookings.contactBy, 'email'),
        ),
      )
      .orderBy(asc(bookings.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    let texted = 0;
    for (const booking of due) {
      const phone = textPhone(true, booking);
      if (phone !== null) {
        await queueBookingText(tx, {
          kind: 'day-before',
          booking,
          phone,
          settings,
          businessName,
          publicUrl,
          token: textManageToken(linkKey, booking.id, booking.manageTokenHash),
        });
        texted += 1;
      }
    }
    if (due.length > 0)
      await tx
        .update(bookings)
        .set({ dayBeforeTextAt: now })
        .where(
          inArray(
            bookings.id,
            due.map((booking) => booking.id),
          ),
        );
    return { read: due.length, texted };
  });
}
