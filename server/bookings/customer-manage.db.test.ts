import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bookingNotFoundMessage,
  windowGoneMessage,
  windowUnavailableMessage,
  type CreatedBooking,
} from '#common/bookings/booking.ts';
import { bookingContent, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { bookingPlaces, bookings, enquiryNotes, outbox } from '../db/schema.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { moveTooLateMessage, supplierTyresMoveMessage } from './staff-changes.ts';

/** The customer's own link beyond seeing and cancelling: the calendar entry, and moving the booking. */
const { clock, content, fixture, book, tokenOf } = useBookingsApp();
const db = () => fixture.database.db;
beforeEach(async () => {
  await clearTyres(db());
});

const bookOne = async (fields: Record<string, unknown> = {}) => {
  const created = (await book(makeBooking(fields)).expect(201)).body as CreatedBooking;
  return { created, token: tokenOf(created) };
};
const moveTo = (token: string, body: Record<string, unknown>) =>
  request(fixture.app).post(`/api/bookings/manage/${token}/move`).send(body);
const storedBookings = () => db().select().from(bookings);
const places = async () =>
  Object.fromEntries(
    (await db().select().from(bookingPlaces)).map((row) => [`${row.date} ${row.startTime}`, row.taken]),
  );

describe('the calendar entry through the manage link', () => {
  it('is the e-mails’ event (same UID and SEQUENCE), private and never cached', async () => {
    const { created, token } = await bookOne({ start: '10:00' });
    const answer = await request(fixture.app).get(`/api/bookings/manage/${token}/calendar.ics`).expect(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="booking.ics"');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const [stored] = await storedBookings();
    const text = answer.text.replace(/\r\n /g, '');
    expect(text).toContain(`UID:booking-${stored!.id}@`);
    expect(text).toContain('SEQUENCE:0');
    expect(text).toContain('DTSTART;TZID=Europe/London:20261125T100000');
    expect(text).toContain(`Reference ${created.reference}`);
    // The confirmation's attachment is the same event.
    const [, confirmation] = await db().select().from(outbox).orderBy(outbox.id);
    expect(confirmation!.kind).toBe('booking-confirmation');
  });

  it('answers 404 to a wrong token, and cancels the event once the booking is cancelled', async () => {
    const { token } = await bookOne();
    for (const wrong of ['x'.repeat(43), 'short']) {
      const answer = await request(fixture.app).get(`/api/bookings/manage/${wrong}/calendar.ics`).expect(404);
      expect(answer.body.error).toBe(bookingNotFoundMessage);
    }
    await request(fixture.app).post(`/api/bookings/manage/${token}/cancel`).expect(200);
    const answer = await request(fixture.app).get(`/api/bookings/manage/${token}/calendar.ics`).expect(200);
    expect(answer.headers['content-type']).toContain('method=CANCEL');
    expect(answer.text).toContain('SEQUENCE:1');
    expect(answer.text).toContain('STATUS:CANCELLED');
  });
});

describe('moving a booking through the manage link', () => {
  it('moves it to another free window, with a new link, the place given back and the e-mails queued', async () => {
    const { created, token } = await bookOne({ start: '08:00' });
    const answer = await moveTo(token, { date: '2026-11-26', start: '10:00' }).expect(200);
    expect(answer.body.booking).toMatchObject({
      reference: created.reference,
      date: '2026-11-26',
      start: '10:00',
      end: '12:00',
      location: 'mobile',
      status: 'booked',
    });
    const newToken = answer.body.manageToken as string;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The old link no longer works; the new one shows the moved booking and its calendar entry.
    await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(404);
    const shown = await request(fixture.app).get(`/api/bookings/manage/${newToken}`).expect(200);
    expect(shown.body).toMatchObject({ date: '2026-11-26', start: '10:00', canCancel: true });
    const calendar = await request(fixture.app).get(`/api/bookings/manage/${newToken}/calendar.ics`);
    expect(calendar.text).toContain('SEQUENCE:1');
    expect(calendar.text).toContain('DTSTART;TZID=Europe/London:20261126T100000');

    expect(await places()).toEqual({ [`${tomorrow} 08:00`]: 0, '2026-11-26 10:00': 1 });
    const [stored] = await storedBookings();
    expect(stored).toMatchObject({ sequence: 1, notes: makeBooking().notes, registration: 'AB12CDE' });
    const mails = (await db().select().from(outbox).orderBy(outbox.id)).slice(2);
    expect(mails.map((mail) => mail.kind)).toEqual(['booking-moved', 'booking-moved-notice']);
    expect(mails[0]!.payload).toMatchObject({
      sequence: 1,
      manageToken: newToken,
      previous: 'Wednesday 25 November 2026, 8:00am - 10:00am, Mobile fitting',
    });
    const [note] = await db()
      .select()
      .from(enquiryNotes)
      .where(eq(enquiryNotes.enquiryId, stored!.enquiryId));
    expect(note).toMatchObject({
      authorId: null,
      authorName: 'Customer (online)',
      text: expect.stringMatching(/^Booking moved online by the customer from Wednesday 25 November 2026/),
    });
  });

  it('refuses a window just taken, changing nothing', async () => {
    content.content = bookingContent([{ start: '08:00', end: '10:00', places: 1 }]);
    const { token } = await bookOne({ date: tomorrow });
    await bookOne({ date: '2026-11-26' });
    const before = await storedBookings();
    const refused = await moveTo(token, { date: '2026-11-26', start: '08:00' }).expect(409);
    expect(refused.body.error).toBe(windowGoneMessage);
    expect(await storedBookings()).toEqual(before);
    expect(await places()).toEqual({ [`${tomorrow} 08:00`]: 1, '2026-11-26 08:00': 1 });
    expect((await db().select().from(outbox)).map((mail) => mail.kind)).not.toContain('booking-moved');
    await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(200);
  });

  it('refuses a window customers could not book now: inside the notice, beyond the horizon, or not open', async () => {
    const { token } = await bookOne({ date: '2026-11-26' });
    const before = await storedBookings();
    // 08:00 tomorrow is well ahead; 10:00 today is inside the four hours' notice.
    clock.now = new Date('2026-11-24T07:00:00Z');
    const soon = await moveTo(token, { date: '2026-11-24', start: '10:00' }).expect(409);
    expect(soon.body.error).toBe(windowUnavailableMessage);
    const far = await moveTo(token, { date: '2027-06-01', start: '08:00' }).expect(409);
    expect(far.body.error).toBe(windowUnavailableMessage);
    const closed = await moveTo(token, { date: '2026-11-27', start: '13:00' }).expect(400);
    expect(closed.body.fieldErrors).toEqual({ start: ['That window is not open on that day'] });
    const same = await moveTo(token, { date: '2026-11-26', start: '08:00' }).expect(400);
    expect(same.body.fieldErrors).toEqual({ start: ['Choose a different window'] });
    await moveTo(token, { date: 'tomorrow', start: '8am' }).expect(400);
    expect(await storedBookings()).toEqual(before);
  });

  it('refuses to move a booking too close to its start, cancelled or completed, changing nothing', async () => {
    const { token } = await bookOne({ date: tomorrow });
    clock.now = new Date('2026-11-25T05:00:00Z');
    const late = await moveTo(token, { date: '2026-11-27', start: '08:00' }).expect(409);
    expect(late.body.error).toBe(moveTooLateMessage);
    clock.now = new Date('2026-11-24T10:00:00Z');
    await request(fixture.app).post(`/api/bookings/manage/${token}/cancel`).expect(200);
    const before = await storedBookings();
    const cancelled = await moveTo(token, { date: '2026-11-27', start: '08:00' }).expect(409);
    expect(cancelled.body.error).toBe('This booking is cancelled: it cannot be moved.');
    expect(await storedBookings()).toEqual(before);

    const other = await bookOne({ date: tomorrow });
    await db()
      .update(bookings)
      .set({ status: 'completed' })
      .where(eq(bookings.reference, other.created.reference));
    const completed = await moveTo(other.token, { date: '2026-11-27', start: '08:00' }).expect(409);
    expect(completed.body.error).toBe('This booking is completed: it cannot be moved.');
  });

  it('moves a booking with tyres ordered from the supplier to a later day only', async () => {
    const tyre = await addTyre(db(), { stock: 0, supplierStock: 50, leadDays: 1 });
    const { token } = await bookOne({
      service: 'tyre-replacement',
      tyreId: tyre.id,
      quantity: 2,
      date: '2026-11-26',
    });
    expect((await storedBookings())[0]).toMatchObject({ tyreSource: 'supplier' });
    const earlier = await moveTo(token, { date: tomorrow, start: '10:00' }).expect(409);
    expect(earlier.body.error).toBe(supplierTyresMoveMessage);
    const later = await moveTo(token, { date: '2026-11-27', start: '10:00' }).expect(200);
    expect(later.body.booking).toMatchObject({
      date: '2026-11-27',
      tyre: { quantity: 2, source: 'supplier' },
    });
  });

  it('answers 404 to a wrong token', async () => {
    await bookOne();
    for (const wrong of ['x'.repeat(43), 'short']) {
      const answer = await moveTo(wrong, { date: '2026-11-26', start: '08:00' }).expect(404);
      expect(answer.body.error).toBe(bookingNotFoundMessage);
    }
  });
});
