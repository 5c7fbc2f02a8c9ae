import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { bookingContent } from '#tests/support/bookings.ts';
import { useJobsApp } from '#tests/support/jobs.ts';
import { outbox, reminders } from '../db/schema.ts';
import { remindersTask } from './task.ts';

// The task every process's runner runs every five minutes (server/background-tasks.ts): it hands
// due reminders to the outbox in the sending hours, and asks for the outbox when it did.
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

/** One run of the task at `now`: what it reported, and the tasks it asked for. */
async function runAt(now: string) {
  const asked: string[] = [];
  const task = remindersTask({
    db: fixture.database.db,
    reminderSettings: async () => content.reminders,
    clock: () => new Date(now),
  });
  const facts = await task.run({ runSoon: (name) => asked.push(name), signal: new AbortController().signal });
  return { facts, asked };
}

const queued = () => fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'reminder'));

describe('the reminders’ task', () => {
  it('runs every five minutes', () => {
    expect(
      remindersTask({ db: fixture.database.db, reminderSettings: async () => content.reminders }).schedule,
    ).toBe('every 5 minutes');
  });

  it('sends what is due in the sending hours once, and asks for the outbox', async () => {
    expect(await runAt('2026-11-25T10:05:00Z')).toEqual({ facts: { reminders: 1 }, asked: ['outbox'] });
    expect(await queued()).toHaveLength(1);
    // Its later runs found nothing more to send.
    expect(await runAt('2026-11-25T10:10:00Z')).toEqual({ facts: undefined, asked: [] });
    expect(await queued()).toHaveLength(1);
  });

  it('waits outside the sending hours', async () => {
    expect(await runAt('2026-11-25T19:30:00Z')).toEqual({ facts: undefined, asked: [] });
    expect(await queued()).toEqual([]);
    const [waiting] = await fixture.database.db.select().from(reminders);
    expect(waiting!.status).toBe('scheduled');
  });
});
