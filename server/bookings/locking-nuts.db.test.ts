import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#common/bookings/booking.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { bookingNow, makeBooking, tomorrow } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { bookings, enquiries } from '../db/schema.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';

/** The customer's answer about locking wheel nuts: kept with mobile work, read by staff and the fitter. */

const { fixture, book } = useBookingsApp();

describe('locking wheel nuts', () => {
  it('keeps the answer of mobile work, with where the key is, for the diary and the fitter’s job', async () => {
    await book(makeBooking({ lockingNuts: 'yes', lockingNutKey: '  In the glovebox ' })).expect(201);
    await book(makeBooking({ start: '10:00', lockingNuts: 'no', lockingNutKey: 'ignored' })).expect(201);
    const staff = await signedInStaff(fixture.database.db, undefined, bookingNow, 'staff');
    const list = await request(fixture.app)
      .get('/api/bookings')
      .query({ from: tomorrow, to: tomorrow })
      .set(staff.headers)
      .expect(200);
    expect(
      (list.body as Booking[]).map(({ lockingNuts, lockingNutKey }) => ({ lockingNuts, lockingNutKey })),
    ).toEqual([
      { lockingNuts: 'yes', lockingNutKey: 'In the glovebox' },
      // The key's place is kept only when the wheels have them.
      { lockingNuts: 'no', lockingNutKey: null },
    ]);
    const jobs = await request(fixture.app).get('/api/jobs').query({ date: tomorrow }).set(staff.headers);
    expect(jobs.status).toBe(200);
    expect((jobs.body as Job[]).map((job) => job.lockingNuts)).toEqual(['Yes, key: In the glovebox', 'No']);
    // The enquiry pipeline's message says it too.
    const messages = await fixture.database.db.select().from(enquiries).orderBy(enquiries.id);
    expect(messages.map((enquiry) => /Locking wheel nuts: .*/.exec(enquiry.message)?.[0])).toEqual([
      'Locking wheel nuts: Yes, key: In the glovebox.',
      'Locking wheel nuts: No.',
    ]);
  });

  it('keeps no answer at a branch, nor when none was given', async () => {
    await book(makeBooking({ location: 'upminster', lockingNuts: 'yes', lockingNutKey: 'Glovebox' })).expect(
      201,
    );
    await book(makeBooking({ start: '10:00', lockingNuts: '' })).expect(201);
    const stored = await fixture.database.db.select().from(bookings).orderBy(bookings.id);
    expect(stored.map(({ lockingNuts, lockingNutKey }) => ({ lockingNuts, lockingNutKey }))).toEqual([
      { lockingNuts: null, lockingNutKey: null },
      { lockingNuts: null, lockingNutKey: null },
    ]);
  });

  it('refuses an answer it does not know, and a key’s place too long, storing nothing', async () => {
    const response = await book(makeBooking({ lockingNuts: 'maybe', lockingNutKey: 'x'.repeat(101) })).expect(
      400,
    );
    expect(response.body.fieldErrors).toEqual({
      lockingNuts: ['Choose Yes, No or Not sure'],
      lockingNutKey: ['Must be 100 characters or fewer'],
    });
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });
});
