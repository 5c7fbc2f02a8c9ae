import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ErasureCounts, PersonalDataExport } from '#common/privacy/privacy.ts';
import { gradient } from '#tests/support/pictures.ts';
import { makeRecord, newKey, useJobsApp } from '#tests/support/jobs.ts';
import { bookings, invoices, jobFiles, jobs, payments } from '../db/schema.ts';

const { fixture, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;
const email = 'sarah@example.com';

/** A job done for Sarah: completed with a photo, paid by card, invoiced. */
async function jobDoneForSarah() {
  const job = await bookJob({ email, addressLine: '12 High Street', town: 'Romford' });
  await request(fixture.app)
    .post(`/api/jobs/${job.id}/photos`)
    .set(people.fitter.headers)
    .field('idempotencyKey', newKey())
    .attach('image', await gradient(400, 300).jpeg().toBuffer(), {
      filename: 'tyre.jpg',
      contentType: 'image/jpeg',
    })
    .expect(201);
  await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
  await as(people.fitter).pay(job.id, { method: 'card', amount: 2500 }).expect(201);
  return job;
}

describe('a person’s data', () => {
  it('exported holds their address, job records, photos, payments and invoices', async () => {
    const job = await jobDoneForSarah();
    const exported = (await as(fixture.staff).get(`/api/privacy/export?email=${email}`).expect(200))
      .body as PersonalDataExport;
    expect(exported.bookings[0]).toMatchObject({ addressLine: '12 High Street', town: 'Romford' });
    expect(exported.jobs).toHaveLength(1);
    expect(exported.jobs[0]).toMatchObject({
      bookingId: job.id,
      status: 'completed',
      record: { removedTreadMm: { nsf: 2.1 } },
      payments: [{ method: 'card', amount: 2500 }],
      invoices: [{ number: 'INV-000001', customer: { name: expect.any(String), email } }],
    });
    expect(exported.jobs[0]!.photos).toHaveLength(1);
    expect(Buffer.from(exported.jobs[0]!.photos[0]!.base64, 'base64').subarray(8, 12).toString()).toBe(
      'WEBP',
    );
  });

  it('erased takes the address, job, record and photos; the invoice stays for the accounts without them', async () => {
    const job = await jobDoneForSarah();
    const kept = await bookJob({ email: 'someone.else@example.com' });
    const erased = (
      await request(fixture.app)
        .post('/api/privacy/erase')
        .set(fixture.staff.headers)
        .send({ email })
        .expect(200)
    ).body as ErasureCounts;
    expect(erased).toMatchObject({ enquiries: 1, invoices: 1 });
    const remaining = await db().select({ id: bookings.id }).from(bookings);
    expect(remaining.map((row) => row.id)).toEqual([kept.id]);
    expect(await db().select().from(jobs)).toHaveLength(0);
    expect(await db().select().from(jobFiles)).toHaveLength(0);
    const [invoice] = await db().select().from(invoices);
    expect(invoice!.bookingId).toBeNull();
    expect(invoice!.erasedAt).not.toBeNull();
    expect(invoice!.document).toMatchObject({
      number: 'INV-000001',
      customer: { name: 'Erased on request', address: [], email: '', phone: '' },
      job: { reference: job.reference, registration: '', vehicle: '' },
      totals: { grossPence: 2500, vatPence: 417 },
    });
    expect(JSON.stringify(invoice!.document)).not.toContain('High Street');
    expect(JSON.stringify(invoice!.document)).not.toContain(email);
    // The day's takings do not change.
    expect(await db().select({ amount: payments.amountPence }).from(payments)).toEqual([{ amount: 2500 }]);
    const exported = (await as(fixture.staff).get(`/api/privacy/export?email=${email}`).expect(200))
      .body as PersonalDataExport;
    expect(exported).toMatchObject({ enquiries: [], bookings: [], jobs: [] });
  });
});
