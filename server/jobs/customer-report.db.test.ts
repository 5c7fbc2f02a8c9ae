import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeRecord, useJobsApp } from '#tests/support/jobs.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { jobReportOfToken } from './customer-report.ts';

/** A completed job's report and invoice, reached by the customer through their booking's manage link. */
const { fixture, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;

const invoiceOf = (token: string) =>
  request(fixture.app)
    .get(`/api/bookings/manage/${token}/invoice.pdf`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('the customer’s invoice and job report', () => {
  it('gives the VAT invoice of the completed job as a PDF, private and never cached', async () => {
    const job = await bookJob();
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    const answer = await invoiceOf(job.token).expect(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const text = (await pdfText(answer.body as Buffer)).join('\n');
    expect(text).toContain('INV-000001');
    expect(text).toContain(job.reference);
  });

  it('has no invoice before completion, nor for a wrong token', async () => {
    const job = await bookJob();
    const before = await invoiceOf(job.token).expect(404);
    expect(before.headers['content-type']).toContain('application/json');
    await invoiceOf('x'.repeat(43)).expect(404);
    await invoiceOf('short').expect(404);
    expect(await jobReportOfToken(db(), job.token)).toBeNull();
  });

  it('reads the job report of the completed job with its invoice number, through the token only', async () => {
    const job = await bookJob();
    await as(people.fitter).event(job.id, { type: 'completed', record: makeRecord() }).expect(201);
    const report = await jobReportOfToken(db(), job.token);
    expect(report).toMatchObject({
      invoiceNumber: 'INV-000001',
      record: { torqued: true, notes: 'Locking wheel nut key returned to the glovebox.' },
    });
    expect(report!.completedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await jobReportOfToken(db(), 'x'.repeat(43))).toBeNull();
  });
});
