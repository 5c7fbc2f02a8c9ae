import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { bookingContent, tomorrow } from '#tests/support/bookings.ts';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { invoices } from '../db/schema.ts';

const { fixture, content, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;

/** The text of a job's invoice (or of the document numbered `number`) as a PDF reader reads it. */
async function invoiceText(id: number, number?: string) {
  const answer = await as(people.owner)
    .get(`/api/jobs/${id}/invoice.pdf${number ? `?number=${number}` : ''}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return (await pdfText(answer.body as Buffer)).join('\n');
}

describe('invoices', () => {
  it('of 20 jobs completed at once are numbered from 1 to 20, without gaps or duplicates', async () => {
    content.content = bookingContent([{ start: '08:00', end: '10:00', places: 25 }]);
    const jobs = [];
    for (let index = 0; index < 20; index += 1) jobs.push(await bookJob());
    const answers = await Promise.all(
      jobs.map((job) => as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(jobs.map(() => 201));
    const numbers = (await db().select({ number: invoices.number }).from(invoices)).map((row) => row.number);
    expect(numbers.sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `INV-${String(index + 1).padStart(6, '0')}`),
    );
  });

  it('is a PDF with the business, the customer, each line with its VAT, the totals and what is paid', async () => {
    const job = await bookJob({ name: 'Sarah Mitchell', addressLine: '12 High Street', town: 'Romford' });
    await as(people.fitter)
      .event(job.id, {
        type: 'completed',
        record: makeRecord(),
        lines: [
          { description: 'Puncture Repair', quantity: 1, unitPence: 2500 },
          { description: 'Valve replacement', quantity: 2, unitPence: 500 },
        ],
        linesReason: 'Both valves perished',
      })
      .expect(201);
    await as(people.fitter).pay(job.id, { method: 'card', amount: 2000 }).expect(201);
    const text = await invoiceText(job.id);
    for (const expected of [
      'VAT invoice',
      'INV-000001',
      content.content.business.companyName,
      'VAT registration number not set',
      'Sarah Mitchell',
      '12 High Street',
      job.reference,
      'AB12 CDE',
      'Puncture Repair',
      '£25.00',
      '£4.17',
      'Valve replacement',
      '£10.00',
      '£1.67',
      'Net',
      '£29.16',
      'VAT at 20%',
      '£5.84',
      '£35.00',
      'Part paid',
      '£15.00',
    ]) {
      expect(text).toContain(expected);
    }
    await as(people.fitter).pay(job.id, { method: 'cash', amount: 1500 }).expect(201);
    expect(await invoiceText(job.id)).toContain('Paid in full');
  });

  it('states the VAT number and address the business published', async () => {
    content.content.invoicing = {
      address: ['Unit 4, Brook Street', 'Romford', 'RM3 0AB'],
      vatNumber: 'GB 123 4567 89',
      vatRatePercent: 20,
      reductionLimitPercent: 10,
    };
    const job = await bookJob();
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    const text = await invoiceText(job.id);
    expect(text).toContain('VAT registration number GB 123 4567 89');
    expect(text).toContain('Unit 4, Brook Street');
  });

  it('issued before the VAT number was set keep saying so; those issued after state it', async () => {
    const before = await bookJob();
    await as(people.fitter).event(before.id, { type: 'completed', record: makeRecord() }).expect(201);
    const [issued] = await db().select({ document: invoices.document }).from(invoices);
    expect(issued!.document.seller.vatNumber).toBeNull();
    content.content = {
      ...content.content,
      invoicing: {
        address: ['1 High Street'],
        vatNumber: 'GB 123 4567 89',
        vatRatePercent: 20,
        reductionLimitPercent: 10,
      },
    };
    const after = await bookJob();
    await as(people.fitter).event(after.id, { type: 'completed', record: makeRecord() }).expect(201);
    expect(await invoiceText(before.id)).toContain('VAT registration number not set');
    const text = await invoiceText(after.id);
    expect(text).toContain('VAT registration number GB 123 4567 89');
    expect(text).not.toContain('not set');
  });

  it('are corrected by credit notes of their own series, never changed', async () => {
    const job = await bookJob();
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    const [issued] = await db().select().from(invoices);
    const path = `/api/jobs/${job.id}/credit-notes`;
    const post = (person: { headers: Record<string, string> }, body: object) =>
      request(fixture.app).post(path).set(person.headers).send(body);
    await post(fixture.staff, { reason: 'Goodwill' }).expect(403);
    await post(people.fitter, { reason: 'Goodwill' }).expect(403);
    expect((await post(people.owner, {}).expect(400)).body.fieldErrors.reason).toBeDefined();
    const part = await post(people.owner, { reason: 'Goodwill: late arrival', amount: 500 }).expect(201);
    expect(part.body).toEqual({ number: 'CN-000001', total: 500 });
    const tooMuch = await post(people.owner, { reason: 'Refund', amount: 2001 }).expect(400);
    expect(tooMuch.body.fieldErrors.amount).toEqual(['At most £20.00 is left to credit on INV-000001.']);
    const rest = await post(people.owner, { reason: 'Refund' }).expect(201);
    expect(rest.body).toEqual({ number: 'CN-000002', total: 2000 });
    await post(people.owner, { reason: 'Again' }).expect(409);
    const [credited] = (await as(people.owner).get(`/api/jobs?date=${tomorrow}`)).body as Job[];
    expect(credited).toMatchObject({ total: 2500, credited: 2500, invoice: 'INV-000001' });

    const text = await invoiceText(job.id, 'CN-000001');
    expect(text).toContain('Credit note');
    expect(text).toContain('INV-000001');
    expect(text).toContain('Goodwill: late arrival');
    expect(text).toContain('£5.00');
    const [unchanged] = await db().select().from(invoices).where(eq(invoices.id, issued!.id));
    expect(unchanged!.document).toEqual(issued!.document);
    const all = await db()
      .select({ number: invoices.number, kind: invoices.kind })
      .from(invoices)
      .orderBy(asc(invoices.id));
    expect(all).toEqual([
      { number: 'INV-000001', kind: 'invoice' },
      { number: 'CN-000001', kind: 'credit-note' },
      { number: 'CN-000002', kind: 'credit-note' },
    ]);
  });

  it('is headed by the business’s logo', async () => {
    const job = await bookJob();
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    const answer = await as(people.owner)
      .get(`/api/jobs/${job.id}/invoice.pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((answer.body as Buffer).toString('latin1')).toContain('/Subtype /Image');
  });

  it('is there only once the job is completed, for the office and the job’s fitter', async () => {
    const job = await bookJob();
    await as(people.owner).get(`/api/jobs/${job.id}/invoice.pdf`).expect(404);
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    await as(people.fitter).get(`/api/jobs/${job.id}/invoice.pdf`).expect(200);
    const twice = await as(people.fitter)
      .get(`/api/jobs/${job.id}/invoice.pdf?number=1&number=2`)
      .expect(400);
    expect(twice.body.fieldErrors).toEqual({ number: ['Give number once.'] });
    await as(people.otherFitter).get(`/api/jobs/${job.id}/invoice.pdf`).expect(404);
    await request(fixture.app).get(`/api/jobs/${job.id}/invoice.pdf`).expect(401);
  });
});
