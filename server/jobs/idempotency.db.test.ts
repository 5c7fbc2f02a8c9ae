import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { gradient } from '#tests/support/pictures.ts';
import { makeRecord, newKey, useJobsApp } from '#tests/support/jobs.ts';
import { idempotencyConflictMessage } from '../http/idempotency.ts';
import { invoices, jobEvents, jobFiles, payments } from '../db/schema.ts';

const { fixture, people, bookJob, as } = useJobsApp();
const db = () => fixture.database.db;

describe('an idempotency key sent again', () => {
  it('with another payment (£5 cash, then £63.99 card) is refused naming the key, and only the first is kept', async () => {
    const job = await bookJob({}, people.fitter);
    const key = newKey();
    const cash = await as(people.fitter)
      .pay(job.id, { method: 'cash', amount: 500, idempotencyKey: key })
      .expect(201);
    const card = await as(people.fitter)
      .pay(job.id, { method: 'card', amount: 6399, idempotencyKey: key })
      .expect(409);
    expect(card.body).toEqual({ error: idempotencyConflictMessage(key) });
    expect(card.body.error).toContain(`idempotency key ${key}`);
    // The same payment again still gets the first answer.
    const again = await as(people.fitter)
      .pay(job.id, { amount: 500, idempotencyKey: key, method: 'cash' })
      .expect(200);
    expect(again.body).toEqual(cash.body);
    expect(await db().select({ amount: payments.amountPence }).from(payments)).toEqual([{ amount: 500 }]);
  });

  it('with another action is refused; the same action, its fields in any order and spacing, gets the first answer', async () => {
    const job = await bookJob();
    const key = newKey();
    const first = await as(people.fitter)
      .event(job.id, { type: 'on-the-way', eta: '08:40', idempotencyKey: key })
      .expect(201);
    const later = await as(people.fitter)
      .event(job.id, { type: 'on-the-way', eta: '09:10', idempotencyKey: key })
      .expect(409);
    expect(later.body.error).toBe(idempotencyConflictMessage(key));
    const arrived = await as(people.fitter)
      .event(job.id, { type: 'arrived', idempotencyKey: key })
      .expect(409);
    expect(arrived.body.error).toBe(idempotencyConflictMessage(key));
    const same = await as(people.fitter)
      .event(job.id, { idempotencyKey: key, eta: '08:40', type: 'on-the-way' })
      .expect(200);
    expect(same.body).toEqual(first.body);
    expect((same.body as Job).eta).toBe('08:40');
    expect(await db().select().from(jobEvents).where(eq(jobEvents.bookingId, job.id))).toHaveLength(1);
  });

  it('with another completion (other lines) is refused, and the invoice stays the first one', async () => {
    const job = await bookJob();
    const key = newKey();
    const completion = {
      type: 'completed',
      idempotencyKey: key,
      record: makeRecord(),
      lines: [{ description: 'Puncture Repair', quantity: 1, unitPence: 3000 }],
      linesReason: 'Two punctures',
    };
    await as(people.fitter).event(job.id, completion).expect(201);
    const refused = await as(people.fitter)
      .event(job.id, {
        ...completion,
        lines: [{ description: 'Puncture Repair', quantity: 1, unitPence: 6000 }],
      })
      .expect(409);
    expect(refused.body.error).toBe(idempotencyConflictMessage(key));
    await as(people.fitter)
      .event(job.id, { ...completion, linesReason: '  Two punctures ' })
      .expect(200);
    const issued = await db().select({ gross: invoices.grossPence }).from(invoices);
    expect(issued).toEqual([{ gross: 3000 }]);
  });

  it('with another photo is refused; the same photo gets the first answer', async () => {
    const job = await bookJob();
    const key = newKey();
    const upload = (file: Buffer) =>
      request(fixture.app)
        .post(`/api/jobs/${job.id}/photos`)
        .set(people.fitter.headers)
        .field('idempotencyKey', key)
        .attach('image', file, { filename: 'tyre.jpg', contentType: 'image/jpeg' });
    const photo = await gradient(400, 300).jpeg().toBuffer();
    const first = await upload(photo).expect(201);
    const other = await upload(await gradient(300, 400).jpeg().toBuffer()).expect(409);
    expect(other.body.error).toBe(idempotencyConflictMessage(key));
    const same = await upload(photo).expect(200);
    expect(same.body).toEqual(first.body);
    expect(await db().select({ id: jobFiles.id }).from(jobFiles)).toHaveLength(1);
  });
});
