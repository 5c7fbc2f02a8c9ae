import { describe, expect, it } from 'vitest';
import { dayText } from '#common/bookings/booking.ts';
import { addDays } from '#common/time/week.ts';
import {
  details,
  detailsStep,
  radio,
  textOf,
  tomorrow,
  useBookingPageApp,
} from '#tests/support/booking-page-app.ts';
import { bookings } from '../db/schema.ts';

/**
 * The customer's booking page as a browser without JavaScript uses it (tests/support/
 * booking-page-app.ts): the confirmation's next steps and calendar entry, and moving the booking
 * with plain forms.
 */
const { fixture, get, post } = useBookingPageApp();
const dayAfter = addDays(tomorrow, 1);
const shortDay = (date: string) => dayText(date).replace(/ \d{4}$/, '');

async function bookTomorrow() {
  const booked = await post(detailsStep(), details()).expect(303);
  return String(booked.headers.location).replace('?booked=1', '');
}

describe('the booking’s page without JavaScript', () => {
  it('confirms with the BK- reference, the next steps in order and the calendar entry to add', async () => {
    const location = await bookTomorrow();
    const page = await get(`${location}?booked=1`).expect(200);
    const shown = textOf(page.text);
    expect(page.text).toMatch(/Booking reference <strong[^>]*>BK-\d{4}-\d{4}<\/strong>/);
    expect(page.text).toMatch(
      /<ol[^>]*>.*We have e-mailed your confirmation.*On the day, your fitter e-mails you/s,
    );
    expect(shown).toContain('with the locking wheel nut key if your wheels have locking nuts');
    expect(shown).toContain('Pay when the work is done');
    const token = location.split('/').pop()!;
    expect(page.text).toContain(`href="/api/bookings/manage/${token}/calendar.ics"`);
    // The calendar link works with the token of the page only.
    await get(`/api/bookings/manage/${token}/calendar.ics`)
      .expect(200)
      .expect('Content-Type', /text\/calendar/);
  });

  it('moves the booking: the free times on asking, a day’s times once chosen, then the move to the new link', async () => {
    const location = await bookTomorrow();
    const asking = await get(`${location}?move=1`).expect(200);
    expect(textOf(asking.text)).toContain('Change the time');
    expect(asking.text).toMatch(radio('date', dayAfter));
    expect(textOf(asking.text)).toContain('Choose a day to see its free times.');
    // Its own window is not offered; tomorrow's other one is.
    const day = await post(`${location}?move=1`, { intent: 'move', date: tomorrow, timesFor: '' }).expect(
      200,
    );
    expect(textOf(day.text)).toContain(`Choose a time on ${shortDay(tomorrow)}`);
    expect(day.text).toMatch(radio('start', '10:00'));
    expect(day.text).not.toMatch(radio('start', '08:00'));
    expect(day.text).not.toContain('role="alert"');
    // A day's times shown, but no time chosen: said so.
    const noTime = await post(`${location}?move=1`, { intent: 'move', date: tomorrow, timesFor: tomorrow });
    expect(noTime.status).toBe(400);
    expect(textOf(noTime.text)).toContain('Choose a time.');

    const moved = await post(`${location}?move=1`, {
      intent: 'move',
      date: dayAfter,
      timesFor: dayAfter,
      start: '10:00',
    }).expect(303);
    const after = String(moved.headers.location);
    expect(after).toMatch(/^\/bookings\/manage\/[A-Za-z0-9_-]{43}\?moved=1$/);
    expect(after.startsWith(location)).toBe(false);
    const page = textOf((await get(after).expect(200)).text);
    expect(page).toContain('Booking moved');
    expect(page).toContain(`It is now on ${dayText(dayAfter)}, 10:00am – 12:00pm`);
    const [stored] = await fixture.database.db.select().from(bookings);
    expect(stored).toMatchObject({ startTime: '10:00', sequence: 1 });
    await get(location).expect(404);
  });

  it('refuses a move to a time just taken, keeping the booking and offering the times still free', async () => {
    const location = await bookTomorrow();
    // Tomorrow's 10:00 has two places: both go.
    await post(detailsStep('10:00'), details({ start: '10:00', email: 'a@example.com' })).expect(303);
    await post(detailsStep('10:00'), details({ start: '10:00', email: 'b@example.com' })).expect(303);
    const refused = await post(`${location}?move=1`, {
      intent: 'move',
      date: tomorrow,
      timesFor: tomorrow,
      start: '10:00',
    });
    expect(refused.status).toBe(409);
    const shown = textOf(refused.text);
    expect(shown).toContain('Sorry, that time has just been booked by someone else.');
    // Tomorrow has no other free time now: the other days are offered.
    expect(refused.text).not.toMatch(radio('date', tomorrow));
    expect(refused.text).toMatch(radio('date', dayAfter));
    const mine = (await fixture.database.db.select().from(bookings)).find(
      (row) => row.email === 'sarah@example.com',
    );
    expect(mine).toMatchObject({ startTime: '08:00', sequence: 0, status: 'booked' });
    await get(location).expect(200);
  });
});
