import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeAll, beforeEach } from 'vitest';
import type { CreatedBooking } from '#common/bookings/booking.ts';
import type { JobPaymentInput } from '#common/jobs/jobs.ts';
import type { Database } from '#server/db/client.ts';
import { bookings, invoiceCounters, invoices, payments } from '#server/db/schema.ts';
import { makeBooking, bookingNow } from './bookings.ts';
import { useBookingsApp } from './bookings-app.ts';
import { signedInStaff } from './factories.ts';

type Person = Awaited<ReturnType<typeof signedInStaff>>;

/** Empties what jobs leave behind their bookings: invoices, their numbering, payments. */
async function clearJobs(db: Database) {
  await db.delete(invoices);
  await db.delete(invoiceCounters);
  await db.delete(payments);
}

/** A fresh idempotency key, as the phone makes one per action. */
export const newKey = () => crypto.randomUUID();

/** The fields of an MOT at the Harold Hill branch, in its 09:00 window (one place), for makeBooking. */
export const motAtHaroldHill = {
  service: 'mot',
  location: 'harold-hill',
  start: '09:00',
  postcode: '',
  addressLine: '',
  town: '',
};

/** A completed job's record with two tyres at the front. */
export function makeRecord(overrides: Record<string, unknown> = {}) {
  return {
    tyres: [
      { position: 'nsf', brand: 'Hankook', pattern: 'Ventus Prime 4', size: '205/55 R16 91V', dot: '2324' },
      { position: 'osf', brand: 'Hankook', pattern: 'Ventus Prime 4', size: '205/55 R16 91V', dot: '2324' },
    ],
    removedTreadMm: { nsf: 2.1, osf: 1.6 },
    torqued: true,
    tpmsReset: false,
    advisories: 'Rear tyres at 3 mm: replace within 2 months.',
    notes: 'Locking wheel nut key returned to the glovebox.',
    ...overrides,
  };
}

/**
 * The jobs' tests: the bookings' app (useBookingsApp) with an owner, two fitters and a member of
 * staff (the fixture's own), and helpers to book a job for a fitter and act on it as someone.
 */
export function useJobsApp(options: Parameters<typeof useBookingsApp>[0] = {}) {
  const bookingsApp = useBookingsApp(options);
  const { fixture, book, tokenOf } = bookingsApp;
  const people = {} as { owner: Person; fitter: Person; otherFitter: Person };

  beforeAll(async () => {
    const { db } = fixture.database;
    people.owner = await signedInStaff(db, 'olivia', bookingNow, 'owner');
    people.fitter = await signedInStaff(db, 'frank', bookingNow, 'fitter');
    people.otherFitter = await signedInStaff(db, 'fiona', bookingNow, 'fitter');
  });
  beforeEach(async () => {
    await clearJobs(fixture.database.db);
  });

  /**
   * Books a job (overrides of makeBooking) and gives it to `fitter` (the first fitter by default):
   * its id, reference and manage link's token.
   */
  async function bookJob(overrides: Record<string, unknown> = {}, fitter: Person | null = people.fitter) {
    const created = (await book(makeBooking(overrides)).expect(201)).body as CreatedBooking;
    const [row] = await fixture.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.reference, created.reference));
    if (fitter) {
      await request(fixture.app)
        .put(`/api/bookings/${row!.id}`)
        .set(fixture.staff.headers)
        .send({ fitterId: fitter.userId })
        .expect(200);
    }
    return { id: row!.id, reference: created.reference, token: tokenOf(created) };
  }

  const as = (person: Pick<Person, 'headers'>) => ({
    get: (path: string) => request(fixture.app).get(path).set(person.headers),
    /** Sends an action as the phone would (anything, to test refusals too), with a new key unless given. */
    event: (id: number, body: { type: string } & Record<string, unknown>) =>
      request(fixture.app)
        .post(`/api/jobs/${id}/events`)
        .set(person.headers)
        .send({ idempotencyKey: newKey(), ...body }),
    pay: (id: number, body: Partial<Record<keyof JobPaymentInput, unknown>>) =>
      request(fixture.app)
        .post(`/api/jobs/${id}/payments`)
        .set(person.headers)
        .send({ idempotencyKey: newKey(), method: 'card', ...body }),
  });

  return { ...bookingsApp, people, bookJob, as };
}
