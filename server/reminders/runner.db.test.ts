import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { bookingContent } from '#tests/support/bookings.ts';
import { useJobsApp } from '#tests/support/jobs.ts';
import { until } from '#tests/support/smtp.ts';
import { outbox, reminders } from '../db/schema.ts';
import { startReminderRunner } from './runner.ts';

// The runner every process starts (server/index.ts): it hands due reminders to the outbox in
// the sending hours, and wakes the outbox worker when it did.
const { fixture, bookJob } = useJobsApp();
const content = {
  ...bookingContent(),
  reminders: { ...defaultReminderSettings, reviewLink: 'https://g.page/r/x' },
};

beforeEach(async () => {
  await fixture.database.db.delete(reminders);
  await fixture.database.db.delete(outbox);
  const job = await bookJob({}, null);
  await fixture.database.db.insert(reminders).values({
    kind: 'review',
    dueAt: new Date('2026-11-25T10:00:00Z'),
    registration: 'AB12CDE',
    bookingId: job.id,
    name: 'Sam',
    email: 'sam@example.com',
    location: 'mobile',
  });
});

/** Runs the runner at `now` (its rounds every 20 ms) until `condition`, or for 300 ms. */
async function runAt(now: string, condition?: (woken: number) => boolean) {
  let woken = 0;
  const runner = startReminderRunner({
    db: fixture.database.db,
    logger: pino({ level: 'silent' }),
    reminderSettings: async () => content.reminders,
    wake: () => (woken += 1),
    clock: () => new Date(now),
    firstMs: 0,
    everyMs: 20,
  });
  try {
    if (condition) await until(() => condition(woken), 10_000);
    else await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    await runner.stop();
  }
  return woken;
}

const queued = () => fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'reminder'));

describe('the reminders’ runner', () => {
  it('sends what is due in the sending hours once, and wakes the outbox worker', async () => {
    expect(await runAt('2026-11-25T10:05:00Z', (woken) => woken > 0)).toBe(1);
    expect(await queued()).toHaveLength(1);
    // Its later rounds found nothing more to send.
    expect(await runAt('2026-11-25T10:10:00Z')).toBe(0);
    expect(await queued()).toHaveLength(1);
  });

  it('waits outside the sending hours', async () => {
    expect(await runAt('2026-11-25T19:30:00Z')).toBe(0);
    expect(await queued()).toEqual([]);
    const [waiting] = await fixture.database.db.select().from(reminders);
    expect(waiting!.status).toBe('scheduled');
  });
});
