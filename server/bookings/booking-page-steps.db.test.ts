import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingPaymentText } from '#common/bookings/words.ts';
import {
  details,
  detailsStep,
  mobile,
  query,
  radio,
  textOf,
  tomorrow,
  useBookingPageApp,
} from '#tests/support/booking-page-app.ts';
import { bookingContent, makeBooking, openOnBankHolidays } from '#tests/support/bookings.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { bookings } from '../db/schema.ts';

/**
 * What the booking page's steps show as a browser without JavaScript reads them
 * (tests/support/booking-page-app.ts): tyres chosen on a tyre's page kept in view from the first
 * step, the places a window has left told only when few, and the details asked of mobile work.
 */
const { content, fixture, get, post } = useBookingPageApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

describe('a booking started from a tyre', () => {
  it('shows the tyres on the first step, asks only where, and carries the service of their fitting', async () => {
    const tyre = await addTyre(fixture.database.db, { brand: 'Hankook', pattern: 'Ventus Prime 4' });
    for (const address of [
      `/book?${query({ service: 'tyre-replacement', tyre: String(tyre.id), quantity: '2' })}`,
      // Without a service (an older link): the tyres' fitting all the same.
      `/book?${query({ tyre: String(tyre.id), quantity: '2' })}`,
    ]) {
      const first = await get(address).expect(200);
      const text = textOf(first.text);
      expect(text).toContain('Step 1 of 3');
      expect(text).toContain('2 × Hankook Ventus Prime 4 205/55 R16 91V');
      expect(text).toContain('£149.98');
      expect(text).toContain('Where should we fit them?');
      expect(text).not.toContain('Which service do you need?');
      expect(first.text).not.toMatch(radio('service', 'puncture-repair'));
      expect(first.text).toContain('<input type="hidden" name="service" value="tyre-replacement"/>');
      expect(first.text).toContain(`<input type="hidden" name="tyre" value="${tyre.id}"/>`);
      expect(first.text).toContain('href="/book?service=tyre-replacement"');
    }
  });

  it('names the tyres once on the details, with the day chosen rather than their first fitting day', async () => {
    const tyre = await addTyre(fixture.database.db, { brand: 'Hankook', pattern: 'Ventus Prime 4' });
    const choices = { ...mobile, service: 'tyre-replacement', tyre: String(tyre.id), quantity: '2' };
    const when = await get(`/book?${query({ ...choices, step: 'when' })}`).expect(200);
    expect(textOf(when.text)).toMatch(/They can be fitted from/);
    const page = await get(
      `/book?${query({ ...choices, date: tomorrow, timesFor: tomorrow, start: '08:00', step: 'details' })}`,
    ).expect(200);
    // As shown: the page's markup without the data it hydrates from.
    const text = textOf(page.text.replace(/<script[\s\S]*?<\/script>/g, ''));
    expect(text.split('2 × Hankook Ventus Prime 4 205/55 R16 91V')).toHaveLength(2);
    expect(text).toContain('£149.98 in all (£74.99 each), fully fitted, VAT included');
    expect(text).not.toMatch(/fitted from/i);
  });
});

describe('the places a window has left', () => {
  it('are told only when few, and as the bookings take them', async () => {
    content.content = bookingContent(
      [
        { start: '08:00', end: '10:00', places: 5 },
        { start: '10:00', end: '12:00', places: 47 },
      ],
      (settings) => openOnBankHolidays(settings),
    );
    const address = `/book?${query({ ...mobile, date: tomorrow, timesFor: tomorrow, step: 'when' })}`;
    const before = await get(address).expect(200);
    expect(textOf(before.text)).toContain('8:00am – 10:00am');
    expect(textOf(before.text)).not.toContain('places left');
    // Nor in the data the page hydrates from, nor in what a navigation fetches.
    const data = await get(address.replace('/book?', '/book.data?')).expect(200);
    for (const body of [before.text, data.text]) {
      expect(body).not.toMatch(/\b(47|5) places?/);
      expect(body).not.toMatch(/\\?"free\\?"/);
    }

    for (let customer = 0; customer < 2; customer += 1) {
      await request(fixture.app)
        .post('/api/bookings')
        .send(makeBooking({ date: tomorrow, start: '08:00' }))
        .expect(201);
    }
    const after = textOf((await get(address).expect(200)).text);
    expect(after).toContain('3 places left');
    expect(after.match(/places? left/g)).toHaveLength(1);

    // The API tells anyone the same: the places left when few, else null.
    const answer = await request(fixture.app)
      .get('/api/availability')
      .query({ location: 'mobile', from: tomorrow, days: 1 })
      .expect(200);
    expect(answer.body).toEqual([
      {
        date: tomorrow,
        windows: [
          { start: '08:00', end: '10:00', free: 3 },
          { start: '10:00', end: '12:00', free: null },
        ],
      },
    ]);
  });
});

describe('the details of mobile work', () => {
  it('ask about locking wheel nuts, say how the customer pays, and keep the answer', async () => {
    const page = await get(detailsStep()).expect(200);
    const text = textOf(page.text);
    expect(text).toContain('Do your wheels have locking wheel nuts?');
    expect(text).toContain(bookingPaymentText);
    expect(page.text).toMatch(radio('lockingNuts', 'not-sure'));

    await post(detailsStep(), details({ lockingNuts: 'yes', lockingNutKey: 'Glovebox' })).expect(303);
    const [row] = await fixture.database.db.select().from(bookings);
    expect(row).toMatchObject({ lockingNuts: 'yes', lockingNutKey: 'Glovebox' });
  });

  it('answer an unknown locking wheel nuts answer with the form again and its message', async () => {
    const refused = await post(detailsStep(), details({ lockingNuts: 'perhaps' })).expect(400);
    expect(textOf(refused.text)).toContain('Choose Yes, No or Not sure');
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });

  it('are not asked at a branch', async () => {
    const page = await get(
      `/book?${query({ service: 'puncture-repair', location: 'harold-hill', date: tomorrow, timesFor: tomorrow, start: '08:00', step: 'details' })}`,
    ).expect(200);
    expect(textOf(page.text)).toContain('Step 3 of 3');
    expect(textOf(page.text)).not.toContain('locking wheel nuts');
    expect(textOf(page.text)).toContain(bookingPaymentText);
  });
});
