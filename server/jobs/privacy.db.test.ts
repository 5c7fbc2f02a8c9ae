import fs from 'node:fs';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ErasureCounts, PersonalDataExport } from '#common/privacy/privacy.ts';
import { bookingNow } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { gradient } from '#tests/support/pictures.ts';
import { makeRecord, newKey, useJobsApp } from '#tests/support/jobs.ts';
import { bookings, invoices, jobFiles, jobs, payments, privacyErasures } from '../db/schema.ts';
import { migrationsDir } from '../paths.ts';
import { clearExpiredInvoiceDetails } from './privacy.ts';

const { fixture, clock, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;
const email = 'sarah@example.com';

/** `years` years (and `ms` milliseconds) after the invoices of a test were issued. */
const yearsOn = (years: number, ms = 0) => {
  const at = new Date(bookingNow.getTime() + ms);
  at.setUTCFullYear(at.getUTCFullYear() + years);
  return at;
};

const changedLines = [
  { description: 'Puncture Repair', quantity: 1, unitPence: 2500 },
  { description: 'Valve replacement', quantity: 1, unitPence: 500 },
];

/**
 * A job done for Sarah: on the way with an arrival time, completed with a photo at a price the
 * fitter changed, paid by card, invoiced.
 */
async function jobDoneForSarah() {
  const job = await bookJob({
    name: 'Sarah Mitchell',
    email: 'Sarah@Example.com',
    addressLine: '12 High Street',
    town: 'Romford',
  });
  await request(fixture.app)
    .post(`/api/jobs/${job.id}/photos`)
    .set(people.fitter.headers)
    .field('idempotencyKey', newKey())
    .attach('image', await gradient(400, 300).jpeg().toBuffer(), {
      filename: 'tyre.jpg',
      contentType: 'image/jpeg',
    })
    .expect(201);
  await as(people.fitter).event(job.id, { type: 'on-the-way', eta: '10:25' }).expect(201);
  await as(people.fitter)
    .event(job.id, {
      type: 'completed',
      record: makeRecord(),
      lines: changedLines,
      linesReason: 'Valve perished',
    })
    .expect(201);
  await as(people.fitter).pay(job.id, { method: 'card', amount: 3000 }).expect(201);
  return job;
}

type Staff = Pick<typeof fixture.staff, 'headers'>;

const exportOf = async (address = email, staff: Staff = fixture.staff) =>
  (await as(staff).get(`/api/privacy/export?email=${address}`).expect(200)).body as PersonalDataExport;

const erase = async (address = email, staff: Staff = fixture.staff) =>
  (
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(staff.headers)
      .send({ email: address })
      .expect(200)
  ).body as ErasureCounts;

/** Deletes the job's enquiry (and with it its booking), as staff do from the enquiries list. */
async function deleteEnquiryOf(bookingId: number) {
  const [booking] = await db()
    .select({ enquiryId: bookings.enquiryId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  await request(fixture.app)
    .delete(`/api/enquiries/${booking!.enquiryId}`)
    .set(fixture.staff.headers)
    .expect(204);
}

const issuedToSarah = {
  number: 'INV-000001',
  customer: {
    name: 'Sarah Mitchell',
    address: expect.arrayContaining(['12 High Street', 'Romford']),
    email: 'Sarah@Example.com',
  },
  job: { registration: 'AB12CDE' },
  totals: { grossPence: 3000, vatPence: 500 },
};

describe('a person’s data', () => {
  it('exported holds their address, jobs with the arrival time and the price changed, invoices, reminders and MOT expiry', async () => {
    const job = await jobDoneForSarah();
    await request(fixture.app)
      .put('/api/vehicles/AB12CDE')
      .set(fixture.staff.headers)
      .send({ motExpiry: '2027-05-01' })
      .expect(200);
    const exported = await exportOf();
    expect(exported.bookings[0]).toMatchObject({ addressLine: '12 High Street', town: 'Romford' });
    expect(exported.jobs).toHaveLength(1);
    expect(exported.jobs[0]).toMatchObject({
      bookingId: job.id,
      status: 'completed',
      eta: '10:25',
      record: { removedTreadMm: { nsf: 2.1 } },
      lines: changedLines,
      linesReason: 'Valve perished',
      payments: [{ method: 'card', amount: 3000 }],
    });
    expect(exported.invoices).toMatchObject([issuedToSarah]);
    expect(exported.reminders).toMatchObject([
      {
        kind: 'review',
        status: 'scheduled',
        registration: 'AB12CDE',
        customer: { email: 'Sarah@Example.com' },
      },
    ]);
    expect(exported.vehicles).toEqual([
      {
        registration: 'AB12CDE',
        motExpiry: '2027-05-01',
        motExpirySource: 'staff',
        motTest: null,
        motCheckedAt: null,
        registered: null,
      },
    ]);
    expect(exported.jobs[0]!.photos).toHaveLength(1);
    expect(Buffer.from(exported.jobs[0]!.photos[0]!.base64, 'base64').subarray(8, 12).toString()).toBe(
      'WEBP',
    );
  });

  it('keeps its invoice findable by the e-mail address once the invoiced enquiry is deleted', async () => {
    const job = await jobDoneForSarah();
    await deleteEnquiryOf(job.id);
    expect(await db().select().from(bookings)).toHaveLength(0);

    const exported = await exportOf('SARAH@example.com');
    expect(exported).toMatchObject({ enquiries: [], bookings: [], jobs: [] });
    expect(exported.invoices).toMatchObject([issuedToSarah]);

    const erased = await erase();
    expect(erased).toEqual({
      enquiries: 0,
      notifications: expect.any(Number),
      invoices: 1,
      invoicesKeptUntil: '2032-11-24',
      invoicesCleared: 0,
    });
  });

  it('erased takes the address, job, record and photos; the invoice within six years stays as issued, and the answer says until when', async () => {
    const job = await jobDoneForSarah();
    await request(fixture.app)
      .post(`/api/jobs/${job.id}/credit-notes`)
      .set(people.owner.headers)
      .send({ reason: 'Goodwill', amount: 500 })
      .expect(201);
    const kept = await bookJob({ email: 'someone.else@example.com' });
    expect(await erase()).toEqual({
      enquiries: 1,
      notifications: expect.any(Number),
      invoices: 2,
      invoicesKeptUntil: '2032-11-24',
      invoicesCleared: 0,
    });
    const remaining = await db().select({ id: bookings.id }).from(bookings);
    expect(remaining.map((row) => row.id)).toEqual([kept.id]);
    expect(await db().select().from(jobs)).toHaveLength(0);
    expect(await db().select().from(jobFiles)).toHaveLength(0);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.number, 'INV-000001'));
    expect(invoice).toMatchObject({ bookingId: null, erasedAt: null, customerEmail: email });
    expect(invoice!.document).toMatchObject(issuedToSarah);
    // The day's takings do not change.
    expect(await db().select({ amount: payments.amountPence }).from(payments)).toEqual([{ amount: 3000 }]);
    const [recorded] = await db().select().from(privacyErasures).orderBy(desc(privacyErasures.id)).limit(1);
    expect(recorded).toMatchObject({ enquiries: 1, invoices: 2, createdAt: clock.now });
    // What is kept is still there for the person to see.
    expect((await exportOf()).invoices).toMatchObject([
      issuedToSarah,
      { kind: 'credit-note', number: 'CN-000001', customer: issuedToSarah.customer },
    ]);
  });

  it('erased past six years from the invoice’s date takes the details off the invoice and keeps its figures', async () => {
    const job = await jobDoneForSarah();
    clock.now = yearsOn(6, 1);
    const later = await signedInStaff(db(), 'dpo-later', clock.now);
    expect(await erase(email, later)).toMatchObject({
      enquiries: 1,
      invoices: 0,
      invoicesKeptUntil: null,
      invoicesCleared: 1,
    });
    const [invoice] = await db().select().from(invoices);
    expect(invoice).toMatchObject({ bookingId: null, customerEmail: null, erasedAt: clock.now });
    expect(invoice!.document).toMatchObject({
      number: 'INV-000001',
      customer: { name: 'Erased on request', address: [], email: '', phone: '' },
      job: { reference: job.reference, registration: '', vehicle: '' },
      totals: { grossPence: 3000, vatPence: 500 },
    });
    expect(JSON.stringify(invoice!.document)).not.toContain('High Street');
    expect(JSON.stringify(invoice!.document).toLowerCase()).not.toContain(email);
    expect((await exportOf(email, later)).invoices).toEqual([]);
  });
});

describe('the invoices’ retention', () => {
  it('takes the customer’s details off invoices six years from their date, by the clock given, and keeps the figures', async () => {
    const job = await jobDoneForSarah();
    await deleteEnquiryOf(job.id);
    const newer = await bookJob({ email: 'later@example.com' });
    await as(people.fitter).event(newer.id, { type: 'completed', record: makeRecord() }).expect(201);
    await db()
      .update(invoices)
      .set({ issuedAt: yearsOn(1) })
      .where(eq(invoices.bookingId, newer.id));

    expect(await clearExpiredInvoiceDetails(db(), yearsOn(6, -1))).toBe(0);
    expect((await exportOf()).invoices).toMatchObject([issuedToSarah]);

    expect(await clearExpiredInvoiceDetails(db(), yearsOn(6, 1))).toBe(1);
    expect(await clearExpiredInvoiceDetails(db(), yearsOn(6, 2))).toBe(0);
    const [cleared, later] = await db().select().from(invoices).orderBy(invoices.id);
    expect(cleared).toMatchObject({ customerEmail: null, erasedAt: yearsOn(6, 1), grossPence: 3000 });
    expect(cleared!.document).toMatchObject({
      number: 'INV-000001',
      customer: { name: 'Removed after six years', address: [], email: '', phone: '' },
      job: { reference: job.reference, registration: '', vehicle: '' },
      lines: [
        { description: 'Puncture Repair', quantity: 1, unitPence: 2500, vatPence: 417 },
        { description: 'Valve replacement', quantity: 1, unitPence: 500, vatPence: 83 },
      ],
      totals: { grossPence: 3000, vatPence: 500 },
    });
    expect(JSON.stringify(cleared!.document)).not.toContain('Sarah');
    expect((await exportOf()).invoices).toEqual([]);
    // The invoice a year younger keeps its customer a year longer.
    expect(later).toMatchObject({ customerEmail: 'later@example.com', erasedAt: null });
    expect((await exportOf('later@example.com')).invoices).toHaveLength(1);
  });
});

/** The statement of the migration that gives existing invoices their customer's address. */
function customerEmailBackfill(): string {
  const file = fs.readdirSync(migrationsDir).find((name) => name.endsWith('_invoice_customer_email.sql'))!;
  return fs
    .readFileSync(path.join(migrationsDir, file), 'utf8')
    .split('--> statement-breakpoint')
    .find((statement) => statement.includes('UPDATE "invoices"'))!;
}

describe('the migration of existing invoices', () => {
  it('gives each its customer’s address in lower case, from its document or else its booking, and none to an erased one', async () => {
    const job = await jobDoneForSarah();
    const other = await bookJob({ email: 'Other@Example.com' });
    await as(people.fitter).event(other.id, { type: 'completed', record: makeRecord() }).expect(201);
    const erased = await bookJob({ email: 'gone@example.com' });
    await as(people.fitter).event(erased.id, { type: 'completed', record: makeRecord() }).expect(201);
    // As they were stored before: no address of their own; one whose document lacks it, one erased.
    await db().update(invoices).set({ customerEmail: null });
    await db()
      .update(invoices)
      .set({ document: sql`jsonb_set(${invoices.document}, '{customer,email}', '""')` })
      .where(eq(invoices.bookingId, other.id));
    await db().update(invoices).set({ erasedAt: bookingNow }).where(eq(invoices.bookingId, erased.id));

    await db().execute(sql.raw(customerEmailBackfill()));

    const rows = await db()
      .select({ bookingId: invoices.bookingId, customerEmail: invoices.customerEmail })
      .from(invoices)
      .orderBy(invoices.id);
    expect(rows).toEqual([
      { bookingId: job.id, customerEmail: email },
      { bookingId: other.id, customerEmail: 'other@example.com' },
      { bookingId: erased.id, customerEmail: null },
    ]);
  });
});
