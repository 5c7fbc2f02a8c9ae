import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import {
  bookingContent,
  clearBookings,
  fixedContentStore,
  makeBooking,
  openOnBankHolidays,
} from '#tests/support/bookings.ts';
import { clearEnquiries } from '#tests/support/factories.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { bookings, reminders, reminderUnsubscribes } from '../db/schema.ts';
import { loadProductionSsr } from '../http/ssr.ts';
import { unsubscribeToken } from './unsubscribe.ts';

// The page of every reminder's unsubscribe link (/unsubscribe/{token}) through the real server
// rendering: opening it changes nothing; a POST unsubscribes at once, the page's button as much
// as a mail program's one-click POST without a cookie (RFC 8058); the page offers to subscribe
// again. A made-up or tampered token finds no one.
const content = fixedContentStore(bookingContent(undefined, (settings) => openOnBankHolidays(settings)));
const fixture = useTestApp({
  env: { ENQUIRY_RATE_LIMIT: '1000' },
  dependencies: async () => {
    ensureBuilt();
    return { siteContent: content, settings: content.settings, ssr: await loadProductionSsr() };
  },
});

let token: string;
let scheduledId: number;

beforeEach(async () => {
  const { db } = fixture.database;
  await db.delete(reminders);
  await db.delete(reminderUnsubscribes);
  await clearEnquiries(db);
  await clearBookings(db);
  const booked = await request(fixture.app)
    .post('/api/bookings')
    .send(makeBooking({ date: addDays(londonDate(new Date()), 1) }))
    .expect(201);
  const [booking] = await db.select().from(bookings).where(eq(bookings.reference, booked.body.reference));
  const values = {
    registration: 'AB12CDE',
    bookingId: booking!.id,
    name: 'Priya Shah',
    email: 'Priya.Shah@example.com',
    location: 'mobile',
  };
  const [sent] = await db
    .insert(reminders)
    .values({ ...values, kind: 'review', status: 'sent', dueAt: new Date('2026-11-25T10:00:00Z') })
    .returning();
  const [scheduled] = await db
    .insert(reminders)
    .values({ ...values, kind: 'mot', dueAt: new Date('2027-10-27T08:00:00Z') })
    .returning();
  token = await unsubscribeToken(db, sent!.id);
  scheduledId = scheduled!.id;
});

const page = (path: string) => request(fixture.app).get(path).set('Cookie', 'splash_seen=1');
const statusOf = async (id: number) =>
  (await fixture.database.db.select().from(reminders).where(eq(reminders.id, id)))[0]!.status;
const unsubscribed = async () => (await fixture.database.db.select().from(reminderUnsubscribes)).length > 0;

describe('the unsubscribe link', () => {
  it('opened, shows one button and changes nothing; the page is never cached or passed on', async () => {
    const shown = await page(`/unsubscribe/${token}`).expect(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['referrer-policy']).toBe('no-referrer');
    expect(shown.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(shown.text).toContain('Stop reminders?');
    expect(shown.text).toContain('P•••@example.com');
    expect(shown.text).not.toContain('Priya.Shah@example.com');
    expect(shown.text).toMatch(/<button type="submit"[^>]*>Unsubscribe<\/button>/);
    expect(await unsubscribed()).toBe(false);
    expect(await statusOf(scheduledId)).toBe('scheduled');
  });

  it('unsubscribes at once by a mail program’s one-click POST, with no cookie and no page', async () => {
    const answer = await request(fixture.app)
      .post(`/unsubscribe/${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(await unsubscribed()).toBe(true);
    expect(await statusOf(scheduledId)).toBe('cancelled');
    // Again: still unsubscribed, still 200.
    await request(fixture.app)
      .post(`/unsubscribe/${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);

    // The page now says so and offers to subscribe again.
    const shown = await page(`/unsubscribe/${token}`).expect(200);
    expect(shown.text).toContain('You are unsubscribed');
    expect(shown.text).toContain('Subscribe again');
  });

  it('the page’s button confirms, and subscribing again takes the address back', async () => {
    const done = await request(fixture.app)
      .post(`/unsubscribe/${token}`)
      .set('Cookie', 'splash_seen=1')
      .type('form')
      .send({ intent: 'unsubscribe' })
      .expect(200);
    expect(done.text).toContain('You are unsubscribed');
    expect(await unsubscribed()).toBe(true);

    const again = await request(fixture.app)
      .post(`/unsubscribe/${token}`)
      .set('Cookie', 'splash_seen=1')
      .type('form')
      .send({ intent: 'resubscribe' })
      .expect(200);
    expect(again.text).toContain('You are subscribed again');
    expect(await unsubscribed()).toBe(false);
    // What was cancelled stays cancelled: nothing is sent that the customer had stopped.
    expect(await statusOf(scheduledId)).toBe('cancelled');
  });

  it('finds no one by a made-up or tampered token, and changes nothing', async () => {
    const [id, signature] = token.split('.') as [string, string];
    const tampered = `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [tampered, `${Number(id) + 1}.${signature}`, 'nothing', `${id}`]) {
      const shown = await page(`/unsubscribe/${encodeURIComponent(wrong)}`).expect(404);
      expect(shown.text).toContain('This unsubscribe link is not valid');
      await request(fixture.app)
        .post(`/unsubscribe/${encodeURIComponent(wrong)}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(404);
    }
    expect(await unsubscribed()).toBe(false);
    expect(await statusOf(scheduledId)).toBe('scheduled');
  });
});
