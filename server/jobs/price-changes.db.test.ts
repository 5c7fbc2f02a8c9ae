import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Booking } from '#common/bookings/booking.ts';
import { jobTotalMessage, noPriceChangeHeldMessage, type Job } from '#common/jobs/jobs.ts';
import { bookingNow, tomorrow } from '#tests/support/bookings.ts';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { addTyre } from '#tests/support/tyres.ts';
import { activityLog, bookings, invoiceCounters, invoices, jobEvents, outbox } from '../db/schema.ts';

const { fixture, clock, content, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;

/** A job booked as two tyres at £68.99 each, fully fitted (£137.98). */
async function bookTwoTyres() {
  const job = await bookJob();
  // Held for the booking, as booking it online would.
  const tyre = await addTyre(db(), { reserved: 2 });
  await db()
    .update(bookings)
    .set({
      tyreId: tyre.id,
      tyreText: 'Hankook Ventus Prime 4 205/55 R16 91V',
      tyreQuantity: 2,
      tyrePricePence: 6899,
    })
    .where(eq(bookings.id, job.id));
  return job;
}

const tyreLine = (unitPence: number, quantity = 2) => ({
  description: 'Hankook Ventus Prime 4 205/55 R16 91V, fully fitted',
  quantity,
  unitPence,
});

const complete = (id: number, body: Record<string, unknown> = {}) =>
  as(people.fitter).event(id, { type: 'completed', record: makeRecord(), ...body });

const activityOf = async (reference: string) =>
  (
    await db()
      .select({ actor: activityLog.actorName, detail: activityLog.detail })
      .from(activityLog)
      .where(and(eq(activityLog.kind, 'job-updated'), eq(activityLog.target, `booking ${reference}`)))
      .orderBy(activityLog.id)
  ).map((entry) => ({ actor: entry.actor, ...(entry.detail as Record<string, unknown>) }));

const diaryJob = async (id: number) => {
  const diary = await request(fixture.app)
    .get(`/api/bookings?from=${tomorrow}&to=${tomorrow}`)
    .set(fixture.staff.headers)
    .expect(200);
  return (diary.body as Booking[]).find((booking) => booking.id === id)!.job;
};

describe('a job’s lines', () => {
  it('are bounded: a job of 20 lines of 99 × £10,000 is refused at its first line, and nothing is stored', async () => {
    const job = await bookJob();
    const lines = Array.from({ length: 20 }, () => ({
      description: 'Tyre',
      quantity: 99,
      unitPence: 1_000_000,
    }));
    const refused = await complete(job.id, { lines, linesReason: 'Fleet of lorries' }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ 'lines.0.unitPence': [jobTotalMessage(99 * 1_000_000)] });
    expect(await db().select().from(invoices)).toHaveLength(0);
    expect(await db().select().from(jobEvents).where(eq(jobEvents.bookingId, job.id))).toHaveLength(0);
  });

  it('may come to £10,000 in all, not a penny more: the line that takes the total past it is named', async () => {
    const job = await bookJob();
    const lines = [
      { description: 'Tyre', quantity: 4, unitPence: 200_000 },
      { description: 'Fitting', quantity: 1, unitPence: 200_001 },
    ];
    const refused = await complete(job.id, { lines, linesReason: 'Four tyres' }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ 'lines.1.unitPence': [jobTotalMessage(1_000_001)] });
    lines[1]!.unitPence = 200_000;
    const done = await complete(job.id, { lines, linesReason: 'Four tyres' }).expect(201);
    expect((done.body as Job).total).toBe(1_000_000);
  });

  it('changed are kept in the activity log before and after, with the fitter’s reason', async () => {
    const job = await bookTwoTyres();
    await complete(job.id, {
      lines: [tyreLine(6899), { description: 'Valve', quantity: 2, unitPence: 500 }],
      linesReason: 'Both valves perished',
    }).expect(201);
    expect(await activityOf(job.reference)).toEqual([
      {
        actor: 'frank',
        change: 'completed',
        linesBefore: '2 × Hankook Ventus Prime 4 205/55 R16 91V, fully fitted at £68.99; total £137.98',
        linesAfter:
          '2 × Hankook Ventus Prime 4 205/55 R16 91V, fully fitted at £68.99; 2 × Valve at £5.00; total £147.98',
        reason: 'Both valves perished',
      },
    ]);
    // A rise is invoiced at once.
    expect(await db().select().from(invoices)).toHaveLength(1);
  });
});

describe('a price cut past the owner’s limit', () => {
  it('(2 × £68.99 completed at £0.00) completes the job, is held for the office, then invoiced once approved', async () => {
    const job = await bookTwoTyres();
    const completed = await complete(job.id, {
      lines: [tyreLine(0)],
      linesReason: 'Customer is a friend',
    }).expect(201);
    // The fitter's day goes on: the job is completed, but no invoice and no number is taken.
    expect(completed.body as Job).toMatchObject({
      status: 'completed',
      total: 0,
      invoice: null,
      priceChange: { bookedTotal: 13_798, reason: 'Customer is a friend', held: true },
    });
    expect(await db().select().from(invoices)).toHaveLength(0);
    expect(await db().select().from(invoiceCounters)).toHaveLength(0);
    expect(await db().select().from(outbox).where(eq(outbox.kind, 'job-report'))).toHaveLength(0);
    expect(await activityOf(job.reference)).toEqual([
      {
        actor: 'frank',
        change: 'completed',
        linesBefore: '2 × Hankook Ventus Prime 4 205/55 R16 91V, fully fitted at £68.99; total £137.98',
        linesAfter: '2 × Hankook Ventus Prime 4 205/55 R16 91V, fully fitted at £0.00; total £0.00',
        reason: 'Customer is a friend',
        invoice: 'held for approval',
      },
    ]);
    // The diary shows it until approved.
    expect(await diaryJob(job.id)).toMatchObject({
      status: 'completed',
      priceHeld: true,
      linesReason: 'Customer is a friend',
    });
    const noInvoice = await as(people.fitter).get(`/api/jobs/${job.id}/invoice.pdf`).expect(404);
    expect(noInvoice.body.error).toContain('once the office approves it');
    // A fitter cannot approve their own cut.
    await request(fixture.app)
      .post(`/api/jobs/${job.id}/price-approval`)
      .set(people.fitter.headers)
      .expect(403);

    // Another job completed meanwhile takes the first number: no gap is left for the held one.
    const other = await bookJob();
    await complete(other.id).expect(201);
    clock.now = new Date(bookingNow.getTime() + 20 * 3_600_000);
    const approved = await request(fixture.app)
      .post(`/api/jobs/${job.id}/price-approval`)
      .set(fixture.staff.headers)
      .expect(200);
    expect(approved.body as Job).toMatchObject({
      invoice: 'INV-000002',
      priceChange: { held: false },
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, job.id));
    expect(invoice!.document).toMatchObject({
      number: 'INV-000002',
      // Dated for the work, issued on approval.
      supplyDate: '2026-11-24',
      issuedAt: '2026-11-25T06:00:00.000Z',
      totals: { grossPence: 0 },
    });
    expect(invoice!.issuedAt).toEqual(clock.now);
    const reports = await db().select().from(outbox).where(eq(outbox.kind, 'job-report'));
    expect(
      reports.map((report) => (report.payload as { invoiceNumber: string }).invoiceNumber).sort(),
    ).toEqual(['INV-000001', 'INV-000002']);
    expect((await activityOf(job.reference)).at(-1)).toEqual({
      actor: fixture.staff.username,
      change: 'price-approved',
      invoice: 'INV-000002',
    });
    expect(await diaryJob(job.id)).toMatchObject({ priceHeld: false });
    // Approved once only.
    const again = await request(fixture.app)
      .post(`/api/jobs/${job.id}/price-approval`)
      .set(people.owner.headers)
      .expect(409);
    expect(again.body.error).toBe(noPriceChangeHeldMessage);
    expect(await db().select().from(invoices)).toHaveLength(2);
  });

  it('takes payments at the kerb while held, and the invoice issued on approval shows them', async () => {
    const job = await bookTwoTyres();
    await complete(job.id, { lines: [tyreLine(5000)], linesReason: 'Price matched' }).expect(201);
    await as(people.fitter).pay(job.id, { method: 'card', amount: 6000 }).expect(201);
    await as(people.fitter).pay(job.id, { method: 'cash', amount: 4001 }).expect(400);
    await request(fixture.app)
      .post(`/api/jobs/${job.id}/price-approval`)
      .set(people.owner.headers)
      .expect(200);
    const pdf = await as(people.owner).get(`/api/jobs/${job.id}/invoice.pdf`).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const [listed] = (await as(people.fitter).get(`/api/jobs?date=${tomorrow}`)).body as Job[];
    expect(listed).toMatchObject({ total: 10_000, paid: 6000, invoice: 'INV-000001' });
  });

  it('is the owner’s to set: within it the invoice is issued at once; 10% by default', async () => {
    const withinDefault = await bookTwoTyres();
    // £137.98 less 10% is £124.182: 2 × £62.10 is within it, 2 × £62.09 past it.
    const atLimit = await complete(withinDefault.id, {
      lines: [tyreLine(6210)],
      linesReason: 'Loyal customer',
    }).expect(201);
    expect(atLimit.body as Job).toMatchObject({ invoice: 'INV-000001', priceChange: { held: false } });
    const pastDefault = await bookTwoTyres();
    const held = await complete(pastDefault.id, {
      lines: [tyreLine(6209)],
      linesReason: 'Loyal customer',
    }).expect(201);
    expect(held.body as Job).toMatchObject({ invoice: null, priceChange: { held: true } });

    content.content = {
      ...content.content,
      invoicing: {
        address: ['1 High Street', 'Romford'],
        vatNumber: 'GB 123 4567 89',
        vatRatePercent: 20,
        reductionLimitPercent: 50,
      },
    };
    const withinOwners = await bookTwoTyres();
    const half = await complete(withinOwners.id, {
      lines: [tyreLine(3450)],
      linesReason: 'Half price offer',
    }).expect(201);
    expect(half.body as Job).toMatchObject({ invoice: 'INV-000002', priceChange: { held: false } });
  });

  it('no change of lines is not held, and an approval of a job with nothing held is refused', async () => {
    const job = await bookTwoTyres();
    const done = await complete(job.id, { lines: [tyreLine(6899)], linesReason: '' }).expect(201);
    expect(done.body as Job).toMatchObject({ invoice: 'INV-000001', priceChange: null });
    const refused = await request(fixture.app)
      .post(`/api/jobs/${job.id}/price-approval`)
      .set(fixture.staff.headers)
      .expect(409);
    expect(refused.body.error).toBe(noPriceChangeHeldMessage);
    await request(fixture.app).post(`/api/jobs/999999/price-approval`).set(fixture.staff.headers).expect(404);
  });
});
