import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { tyresHeldMessage } from '#common/bookings/holds.ts';
import {
  details,
  mobile,
  query,
  textOf,
  tomorrow,
  useBookingPageApp,
} from '#tests/support/booking-page-app.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { bookings } from '../db/schema.ts';

/**
 * Booking tyres as a browser without JavaScript does (tests/support/booking-page-app.ts): from the
 * size finder and a size's page through the booking steps with the tyre and quantity.
 */
const { content, fixture, get, post } = useBookingPageApp();

describe('booking tyres without JavaScript', () => {
  beforeEach(async () => {
    await clearTyres(fixture.database.db);
  });

  it('finds a size, carries the tyre and quantity through the steps with their total, and books them', async () => {
    const tyre = await addTyre(fixture.database.db, {
      brand: 'Hankook',
      pattern: 'Ventus Prime 4',
      stock: 4,
    });
    await addTyre(fixture.database.db, {
      width: 225,
      profile: 45,
      rim: 17,
      brand: 'Toyo',
      pattern: 'Proxes',
    });

    const finder = await get('/tyres').expect(200);
    expect(textOf(finder.text)).toContain('205/55 R16');
    const found = await get('/tyres?width=205&profile=55&rim=16').expect(302);
    expect(found.headers.location).toBe('/tyres/205-55-r16');
    const missing = await get('/tyres?width=205&profile=60&rim=16').expect(404);
    expect(textOf(missing.text)).toContain('We have no tyres in 205/60 R16 at the moment.');

    const size = await get('/tyres/205-55-r16?quantity=2&sort=wet').expect(200);
    expect(size.headers['cache-control']).toBe('private, no-cache');
    const page = textOf(size.text);
    expect(page).toContain(
      '<title>205/55 R16 Tyres Fitted at Home from £74.99 | Anytown Mobile Tyres</title>',
    );
    expect(page).toContain('Hankook Ventus Prime 4');
    // The price for the quantity chosen leads the card.
    expect(page).toMatch(/£149\.98<\/span> <span[^>]*>for 2, fitted/);
    expect(size.text).toContain('"@type":"Product"');
    expect(size.text).toContain('"price":"74.99"');
    const bookHref = `/book?service=tyre-replacement&amp;tyre=${tyre.id}&amp;quantity=2`;
    expect(size.text).toContain(bookHref);
    await get('/tyres/999-55-r16').expect(404);

    const sitemap = await get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('/tyres/205-55-r16</loc>');
    expect(sitemap.text).toContain('/tyres/225-45-r17</loc>');

    const choices = { ...mobile, service: 'tyre-replacement', tyre: String(tyre.id), quantity: '2' };
    const when = await get(`/book?${query({ ...choices, step: 'when' })}`).expect(200);
    expect(textOf(when.text)).toContain('2 × Hankook Ventus Prime 4 205/55 R16 91V');
    expect(textOf(when.text)).toContain('£149.98');
    expect(when.text).toContain(`<input type="hidden" name="tyre" value="${tyre.id}"/>`);
    const booked = await post('/book', {
      ...details({ service: 'tyre-replacement' }),
      tyre: String(tyre.id),
      quantity: '2',
    }).expect(303);
    const manage = await get(booked.headers.location!).expect(200);
    expect(textOf(manage.text)).toContain('2 × Hankook Ventus Prime 4 205/55 R16 91V');
    expect(textOf(manage.text)).toContain('£149.98 in all (£74.99 each), fully fitted, VAT included');
    const [row] = await fixture.database.db.select().from(bookings);
    expect(row).toMatchObject({ tyreId: tyre.id, tyreQuantity: 2, totalPence: 14_998 });
  });

  it('asks the customer to call when their bookings not yet confirmed hold too many tyres', async () => {
    const tyre = await addTyre(fixture.database.db, { stock: 20 });
    await request(fixture.app)
      .post('/api/bookings')
      .send(
        makeBooking({
          date: tomorrow,
          service: 'tyre-replacement',
          tyreId: tyre.id,
          quantity: 6,
          email: 'SARAH@example.com',
        }),
      )
      .expect(201);
    const choices = { ...mobile, service: 'tyre-replacement', tyre: String(tyre.id), quantity: '4' };
    const detailsOfTyres = `/book?${query({ ...choices, date: tomorrow, timesFor: tomorrow, start: '08:00', step: 'details' })}`;
    const refused = await post(detailsOfTyres, {
      ...details({ service: 'tyre-replacement', phone: '07700 900777', registration: 'KX66 ABC' }),
      tyre: String(tyre.id),
      quantity: '4',
    }).expect(409);
    expect(textOf(refused.text)).toContain(tyresHeldMessage(content.content.business.formattedPhone));
    expect(textOf(refused.text)).toContain(content.content.business.formattedPhone);
    expect(refused.text).not.toContain('The next free times');
    expect(refused.text).toMatch(/<input[^>]*id="book-name"[^>]*value="Sarah Mitchell"/);
    expect(await fixture.database.db.select().from(bookings)).toHaveLength(1);
  });

  it('says so when the tyre chosen can no longer be booked', async () => {
    const tyre = await addTyre(fixture.database.db, { hidden: true });
    const page = await get(`/book?${query({ ...mobile, tyre: String(tyre.id), quantity: '2' })}`).expect(200);
    expect(textOf(page.text)).toContain('The tyre you chose can no longer be booked online.');
  });
});
