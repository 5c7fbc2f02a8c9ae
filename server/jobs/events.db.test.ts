import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { linesReasonMessage } from '#common/jobs/jobs.ts';
import type { JobPayment } from '#common/jobs/invoice.ts';
import { bookingNow, tomorrow } from '#tests/support/bookings.ts';
import { makeRecord, newKey, useJobsApp } from '#tests/support/jobs.ts';
import { bookings, enquiries, invoices, jobEvents, outbox, payments } from '../db/schema.ts';

const { fixture, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;
const outboxKinds = async () =>
  (await db().select({ kind: outbox.kind }).from(outbox)).map((row) => row.kind);

describe('a job’s actions', () => {
  it('are stored once per key: a repeat gets the first answer and changes nothing', async () => {
    const job = await bookJob();
    const key = newKey();
    const first = await as(people.fitter).event(job.id, {
      type: 'on-the-way',
      eta: '08:40',
      idempotencyKey: key,
    });
    expect(first.status).toBe(201);
    expect(first.body as Job).toMatchObject({ status: 'on-the-way', eta: '08:40' });
    await as(people.fitter).event(job.id, { type: 'arrived' }).expect(201);
    const repeat = await as(people.fitter).event(job.id, {
      type: 'on-the-way',
      eta: '08:40',
      idempotencyKey: key,
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await db().select().from(jobEvents).where(eq(jobEvents.bookingId, job.id))).toHaveLength(2);
    const now = (await as(people.fitter).get(`/api/jobs?date=${tomorrow}`)).body as Job[];
    expect(now[0]!.status).toBe('arrived');
    // The customer heard once that the fitter was on the way.
    expect((await outboxKinds()).filter((kind) => kind === 'job-on-the-way')).toHaveLength(1);
  });

  it('tell the customer once, at the window’s start unless the fitter gives a time', async () => {
    const job = await bookJob({ start: '10:00' });
    const first = await as(people.fitter).event(job.id, { type: 'on-the-way' }).expect(201);
    expect((first.body as Job).eta).toBe('10:00');
    const later = await as(people.fitter).event(job.id, { type: 'on-the-way', eta: '10:25' }).expect(201);
    expect((later.body as Job).eta).toBe('10:25');
    const mails = await db().select().from(outbox).where(eq(outbox.kind, 'job-on-the-way'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ eta: '10:00', booking: { id: job.id } });
  });

  it('complete the job: its record, the booking and enquiry completed, an invoice and one job report', async () => {
    const job = await bookJob();
    const key = newKey();
    const completed = await as(people.fitter)
      .event(job.id, { type: 'completed', idempotencyKey: key, record: makeRecord() })
      .expect(201);
    expect(completed.body as Job).toMatchObject({ status: 'completed', invoice: 'INV-000001', total: 2500 });
    await as(people.fitter)
      .event(job.id, { type: 'completed', idempotencyKey: key, record: makeRecord() })
      .expect(200);
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, job.id));
    expect(booking!.status).toBe('completed');
    const [enquiry] = await db().select().from(enquiries).where(eq(enquiries.id, booking!.enquiryId));
    expect(enquiry!.status).toBe('completed');
    expect(await db().select().from(invoices)).toHaveLength(1);
    const reports = await db().select().from(outbox).where(eq(outbox.kind, 'job-report'));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.payload).toMatchObject({
      invoiceNumber: 'INV-000001',
      record: {
        tyres: [{ position: 'nsf', dot: '2324' }, { position: 'osf' }],
        removedTreadMm: { nsf: 2.1 },
      },
    });
    // Held back a little, so that a payment taken just after shows on the invoice.
    expect(reports[0]!.nextAttemptAt.getTime()).toBe(bookingNow.getTime() + 120_000);
    // A completed job takes nothing more.
    const again = await as(people.fitter).event(job.id, { type: 'arrived' }).expect(409);
    expect(again.body.error).toBe('This job is already completed.');
  });

  it('refuse a bad record with the field at fault, and store nothing', async () => {
    const job = await bookJob();
    const refused = await as(people.fitter)
      .event(job.id, {
        type: 'completed',
        record: makeRecord({
          tyres: [
            { position: 'nsf', brand: 'Hankook', pattern: 'Ventus', size: '205/55 R16', dot: '5599' },
            { position: 'nsf', brand: 'Hankook', pattern: 'Ventus', size: '205/55 R16', dot: '2324' },
          ],
          removedTreadMm: { nsf: -1 },
        }),
      })
      .expect(400);
    expect(Object.keys(refused.body.fieldErrors).sort()).toEqual(
      ['record.removedTreadMm.nsf', 'record.tyres.0.dot', 'record.tyres.1.position'].sort(),
    );
    await as(people.fitter).event(job.id, { type: 'jumped' }).expect(400);
    await as(people.fitter).event(job.id, { type: 'arrived', idempotencyKey: 'short' }).expect(400);
    expect(await db().select().from(jobEvents)).toHaveLength(0);
    expect(await db().select().from(invoices)).toHaveLength(0);
  });

  it('charge a branch’s MOT test and service at the prices the site states for them', async () => {
    const mot = await bookJob({ service: 'mot', location: 'harold-hill', start: '09:00' });
    const servicing = await bookJob({ service: 'servicing', location: 'harold-hill', start: '08:00' });
    const jobs = (await as(people.fitter).get(`/api/jobs?date=${tomorrow}`).expect(200)).body as Job[];
    const byId = new Map(jobs.map((job) => [job.id, job]));
    expect(byId.get(mot.id)).toMatchObject({
      service: 'MOT Testing',
      lines: [{ description: 'MOT Testing', quantity: 1, unitPence: 5000 }],
    });
    // "From £80".
    expect(byId.get(servicing.id)).toMatchObject({
      service: 'Vehicle Servicing',
      lines: [{ description: 'Vehicle Servicing', quantity: 1, unitPence: 8000 }],
    });
  });

  it('charge the fitter’s lines only with a reason', async () => {
    const job = await bookJob();
    const lines = [
      { description: 'Puncture Repair', quantity: 1, unitPence: 2500 },
      { description: 'Locking wheel nut removal', quantity: 1, unitPence: 1500 },
    ];
    const refused = await as(people.fitter)
      .event(job.id, { type: 'completed', record: makeRecord(), lines })
      .expect(400);
    expect(refused.body.fieldErrors).toEqual({ linesReason: [linesReasonMessage] });
    const done = await as(people.fitter)
      .event(job.id, {
        type: 'completed',
        record: makeRecord(),
        lines,
        linesReason: 'Locking nut key missing',
      })
      .expect(201);
    expect(done.body as Job).toMatchObject({ total: 4000, lines });
    const [invoice] = await db().select().from(invoices);
    expect(invoice!.document.lines.map((line) => [line.description, line.grossPence, line.vatPence])).toEqual(
      [
        ['Puncture Repair', 2500, 417],
        ['Locking wheel nut removal', 1500, 250],
      ],
    );
    expect(invoice!.document.totals).toEqual({ grossPence: 4000, vatPence: 667, netPence: 3333 });
  });

  it('of a cancelled booking are refused', async () => {
    const job = await bookJob();
    await request(fixture.app)
      .put(`/api/bookings/${job.id}`)
      .set(fixture.staff.headers)
      .send({ status: 'cancelled', reason: 'Car sold' })
      .expect(200);
    const refused = await as(people.fitter).event(job.id, { type: 'arrived' }).expect(409);
    expect(refused.body.error).toBe('This booking was cancelled.');
  });
});

describe('payments', () => {
  it('are stored once per key, add up in parts, and never past what is due', async () => {
    const job = await bookJob();
    const key = newKey();
    const first = await as(people.fitter)
      .pay(job.id, { method: 'cash', amount: 1000, idempotencyKey: key })
      .expect(201);
    const repeat = await as(people.fitter)
      .pay(job.id, { method: 'cash', amount: 1000, idempotencyKey: key })
      .expect(200);
    expect(repeat.body).toEqual(first.body);
    expect(first.body as JobPayment).toMatchObject({ method: 'cash', amount: 1000, takenBy: 'frank' });
    const over = await as(people.fitter).pay(job.id, { amount: 1501 }).expect(400);
    expect(over.body.fieldErrors).toEqual({ amount: ['That is more than the £15.00 still due.'] });
    await as(people.fitter).pay(job.id, { amount: 1500 }).expect(201);
    await as(people.fitter).pay(job.id, { amount: 1 }).expect(400);
    expect(await db().select().from(payments)).toHaveLength(2);
    const [job1] = (await as(people.fitter).get(`/api/jobs?date=${tomorrow}`)).body as Job[];
    expect(job1).toMatchObject({ total: 2500, paid: 2500 });
    await as(people.fitter).pay(job.id, { method: 'cheque', amount: 1 }).expect(400);
  });

  it('add up to the owner’s takings of the day, by fitter and method', async () => {
    const mine = await bookJob();
    const theirs = await bookJob({}, people.otherFitter);
    await as(people.fitter).pay(mine.id, { method: 'card', amount: 2000 }).expect(201);
    await as(people.fitter).pay(mine.id, { method: 'cash', amount: 500 }).expect(201);
    await as(people.otherFitter).pay(theirs.id, { method: 'bank-transfer', amount: 2500 }).expect(201);
    const takings = await as(people.owner).get('/api/takings?date=2026-11-24').expect(200);
    expect(takings.body).toMatchObject({
      date: '2026-11-24',
      total: 5000,
      byMethod: { card: 2000, cash: 500, 'bank-transfer': 2500, account: 0 },
    });
    expect(takings.body.fitters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          fitter: { id: people.fitter.userId, name: 'frank' },
          total: 2500,
          payments: 2,
        }),
        expect.objectContaining({ fitter: { id: people.otherFitter.userId, name: 'fiona' }, total: 2500 }),
      ]),
    );
    const otherDay = await as(people.owner).get('/api/takings?date=2026-11-25').expect(200);
    expect(otherDay.body.total).toBe(0);
    await as(fixture.staff).get('/api/takings').expect(403);
    const badDay = await as(people.owner).get('/api/takings?date=2026-02-30').expect(400);
    expect(badDay.body.fieldErrors).toEqual({ date: ['date must be a date, YYYY-MM-DD.'] });
  });
});
