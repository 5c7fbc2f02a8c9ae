import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { loadProductionSsr } from '../http/ssr.ts';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries, enquiryEvents, enquiryNotes, outbox, privacyErasures } from '../db/schema.ts';
import { purgeExpiredEnquiries, retentionCutoff } from '../enquiries/retention.ts';

const fixture = useTestApp({ env: { ENQUIRY_RATE_LIMIT: '100000' }, staff: { username: 'dpo' } });

beforeEach(async () => {
  await clearEnquiries(fixture.database.db);
  await fixture.database.db.delete(privacyErasures);
});

async function enquiryFrom(email: string, note?: string) {
  const { body } = await request(fixture.app).post('/api/enquiries').send(makeEnquiry({ email })).expect(201);
  if (note) {
    await request(fixture.app)
      .post(`/api/enquiries/${body.id}/notes`)
      .set(fixture.staff.headers)
      .send({ text: note })
      .expect(201);
    await request(fixture.app)
      .put(`/api/enquiries/${body.id}/status`)
      .set(fixture.staff.headers)
      .send({ status: 'quoted' })
      .expect(200);
  }
  return body as { id: number; reference: string };
}

describe('retention', () => {
  it('counts calendar months back', () => {
    expect(retentionCutoff(new Date('2026-11-23T03:00:00Z'), 24).toISOString()).toBe(
      '2024-11-23T03:00:00.000Z',
    );
  });

  it('deletes enquiries older than the period with their notes, events and notifications, and nothing newer', async () => {
    const old = await enquiryFrom('old@example.com', 'Quoted £80');
    const recent = await enquiryFrom('recent@example.com', 'Call back Monday');
    const now = new Date();
    await fixture.database.db
      .update(enquiries)
      .set({ createdAt: new Date(now.getTime() - 25 * 31 * 24 * 60 * 60 * 1000) })
      .where(eq(enquiries.id, old.id));
    await fixture.database.db
      .update(outbox)
      .set({ createdAt: new Date(now.getTime() - 25 * 31 * 24 * 60 * 60 * 1000) })
      .where(eq(outbox.id, (await fixture.database.db.select().from(outbox))[0]!.id));

    // An injected clock: nothing is old enough 23 months from now...
    expect(await purgeExpiredEnquiries(fixture.database.db, { now, months: 26 })).toEqual({
      enquiries: 0,
      notifications: 0,
    });
    // ...and at 24 months the old one goes, with everything about it.
    const purged = await purgeExpiredEnquiries(fixture.database.db, { now, months: 24 });
    expect(purged).toEqual({ enquiries: 1, notifications: 1 });
    expect((await fixture.database.db.select().from(enquiries)).map((row) => row.id)).toEqual([recent.id]);
    expect(await fixture.database.db.select().from(enquiryNotes)).toHaveLength(1);
    expect(await fixture.database.db.select().from(enquiryEvents)).toHaveLength(1);
    // Again: nothing more to delete.
    expect(await purgeExpiredEnquiries(fixture.database.db, { now, months: 24 })).toEqual({
      enquiries: 0,
      notifications: 0,
    });
  });
});

describe('a person’s data, by e-mail address', () => {
  it('is exported with every enquiry, note and change of status, in any case of the address', async () => {
    const first = await enquiryFrom('Jo.Bloggs@example.com', 'Wants Saturday');
    await enquiryFrom('someone.else@example.com');
    const second = await enquiryFrom('jo.bloggs@example.com');
    const response = await request(fixture.app)
      .get('/api/privacy/export?email=JO.BLOGGS@example.com')
      .set(fixture.staff.headers)
      .expect(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="personal-data.json"');
    expect(response.body).toMatchObject({ email: 'JO.BLOGGS@example.com', exportedAt: expect.any(String) });
    expect(response.body.enquiries.map((enquiry: { id: number }) => enquiry.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(response.body.enquiries[1]).toMatchObject({
      reference: first.reference,
      notes: [{ text: 'Wants Saturday', author: 'dpo' }],
      events: [{ from: 'new', to: 'quoted' }],
    });
  });

  it('is erased: enquiries, notes, events and notifications; the erasure is recorded without the data', async () => {
    await enquiryFrom('erase.me@example.com', 'Private note');
    await enquiryFrom('ERASE.ME@example.com');
    const kept = await enquiryFrom('keep.me@example.com');
    const response = await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email: 'erase.me@example.com' })
      .expect(200);
    expect(response.body).toEqual({
      enquiries: 2,
      notifications: 4,
      invoices: 0,
      invoicesKeptUntil: null,
      invoicesCleared: 0,
    });
    expect((await fixture.database.db.select().from(enquiries)).map((row) => row.id)).toEqual([kept.id]);
    expect(await fixture.database.db.select().from(enquiryNotes)).toHaveLength(0);
    const left = await fixture.database.db.select().from(outbox);
    expect(left.every((row) => JSON.stringify(row.payload).includes('keep.me@example.com'))).toBe(true);
    const [record] = await fixture.database.db.select().from(privacyErasures);
    expect(record).toMatchObject({ actorName: 'dpo', enquiries: 2, notifications: 4 });
    expect(JSON.stringify(record)).not.toContain('erase.me');
    const after = await request(fixture.app)
      .get('/api/privacy/export?email=erase.me@example.com')
      .set(fixture.staff.headers);
    expect(after.body.enquiries).toEqual([]);
  });

  it('is for staff only, and needs a valid address', async () => {
    await request(fixture.app).get('/api/privacy/export?email=a@example.com').expect(401);
    await request(fixture.app).post('/api/privacy/erase').send({ email: 'a@example.com' }).expect(401);
    const missing = await request(fixture.app)
      .get('/api/privacy/export')
      .set(fixture.staff.headers)
      .expect(400);
    expect(missing.body).toEqual({
      error: invalidFieldsMessage,
      fieldErrors: { email: ['Enter the e-mail address the person used'] },
    });
    const twice = await request(fixture.app)
      .get('/api/privacy/export?email=a@example.com&email=b@example.com')
      .set(fixture.staff.headers)
      .expect(400);
    expect(Object.keys(twice.body.fieldErrors)).toEqual(['email']);
    const bad = await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email: 'nope' })
      .expect(400);
    expect(bad.body.fieldErrors).toEqual({ email: ['Enter a full e-mail address, like name@example.com'] });
    const empty = await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({})
      .expect(400);
    expect(empty.body.fieldErrors).toEqual({ email: ['Enter the e-mail address the person used'] });
    expect(await fixture.database.db.select().from(privacyErasures)).toHaveLength(0);
  });
});

describe('the Privacy Policy', () => {
  it('states the retention period the server applies (ENQUIRY_RETENTION_MONTHS)', async () => {
    ensureBuilt();
    const site = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RETENTION_MONTHS: '18' }),
      ssr: await loadProductionSsr(),
    });
    const page = await request(site).get('/privacy-policy').set('Cookie', 'splash_seen=1').expect(200);
    expect(page.text).toContain(
      'Enquiries, with our notes on them, are deleted 18 months after they arrive.',
    );
    expect(testConfig().enquiryRetentionMonths).toBe(24);
  });
});
