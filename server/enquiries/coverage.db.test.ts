import { eq } from 'drizzle-orm';
import type express from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries, outbox, siteContentRevisions } from '../db/schema.ts';

const fixture = useTestApp();
let app: express.Express;

beforeEach(async () => {
  await clearEnquiries(fixture.database.db);
  // Each test starts from a new site's content: the seed's covered districts (RM3, CM12, SS14...).
  await fixture.database.db.delete(siteContentRevisions);
  app = createTestApp(fixture.database, { config: testConfig({ ENQUIRY_RATE_LIMIT: '1000' }) });
});

const submit = (fields: Record<string, unknown>) =>
  request(app).post('/api/enquiries').send(makeEnquiry(fields));

const storedRow = async (id: number) =>
  (await fixture.database.db.select().from(enquiries).where(eq(enquiries.id, id)))[0]!;

async function publishDistricts(coveredDistricts: string[]) {
  const current = (await request(app).get('/api/site-content').set(fixture.staff.headers).expect(200))
    .body as PublishedSiteContent;
  const content = structuredClone(current.content);
  content.areas.coveredDistricts = coveredDistricts;
  await request(app)
    .put('/api/site-content')
    .set(fixture.staff.headers)
    .send({ version: current.version, content })
    .expect(200);
}

describe('the postcode of an enquiry', () => {
  it('is optional', async () => {
    const response = await submit({}).expect(201);
    expect(response.body.outsideArea).toBe(false);
    expect(await storedRow(response.body.id)).toMatchObject({ postcode: null, outsideArea: false });
  });

  it('is stored in capitals with one space, whatever the customer typed', async () => {
    const response = await submit({ postcode: '  rm30ab ' }).expect(201);
    expect(await storedRow(response.body.id)).toMatchObject({ postcode: 'RM3 0AB', outsideArea: false });
  });

  it.each(['RM3', 'RM3 0A', 'not a postcode', '12345', 'RM3 0AB; drop table enquiries'])(
    'refuses %j with a clear message, storing nothing',
    async (postcode) => {
      const response = await submit({ postcode }).expect(400);
      expect(response.body.fieldErrors).toEqual({ postcode: ['Enter a UK postcode, for example RM3 0AB'] });
      expect(await fixture.database.db.select().from(enquiries)).toEqual([]);
      expect(await fixture.database.db.select().from(outbox)).toEqual([]);
    },
  );
});

describe('the covered area', () => {
  it('takes an enquiry from outside it, marked so on the card, in the list and in both e-mails', async () => {
    const inside = await submit({ name: 'Inside Customer', postcode: 'CM12 9XY' }).expect(201);
    const outside = await submit({ name: 'Outside Customer', postcode: 'CO1 1AA' }).expect(201);
    expect(inside.body.outsideArea).toBe(false);
    expect(outside.body.outsideArea).toBe(true);

    const list = (await request(app).get('/api/enquiries').set(fixture.staff.headers).expect(200))
      .body as Enquiry[];
    expect(list.map(({ name, postcode, outsideArea }) => ({ name, postcode, outsideArea }))).toEqual([
      { name: 'Outside Customer', postcode: 'CO1 1AA', outsideArea: true },
      { name: 'Inside Customer', postcode: 'CM12 9XY', outsideArea: false },
    ]);
    const mails = await fixture.database.db.select().from(outbox);
    const ofOutside = mails.filter(
      (mail) => (mail.payload as { enquiry: { id: number } }).enquiry.id === outside.body.id,
    );
    expect(ofOutside.map((mail) => mail.kind).sort()).toEqual([
      'enquiry-acknowledgement',
      'enquiry-received',
    ]);
    for (const mail of ofOutside) {
      expect(mail.payload).toMatchObject({ enquiry: { postcode: 'CO1 1AA', outsideArea: true } });
    }
  });

  it('follows the districts staff publish, and a whole area covers each of its districts', async () => {
    const before = await submit({ postcode: 'CO1 1AA' }).expect(201);
    await publishDistricts(['co', 'RM3']);
    const after = await submit({ postcode: 'CO1 1AA' }).expect(201);
    const nowOutside = await submit({ postcode: 'CM12 9XY' }).expect(201);
    expect([before.body.outsideArea, after.body.outsideArea, nowOutside.body.outsideArea]).toEqual([
      true,
      false,
      true,
    ]);
    // What was decided when an enquiry arrived stays with it.
    expect((await storedRow(before.body.id)).outsideArea).toBe(true);
  });

  it('checks nothing when staff list no districts', async () => {
    await publishDistricts([]);
    const response = await submit({ postcode: 'CO1 1AA' }).expect(201);
    expect(response.body.outsideArea).toBe(false);
    expect(await storedRow(response.body.id)).toMatchObject({ postcode: 'CO1 1AA', outsideArea: false });
  });

  it('is found by part of the postcode in the inbox', async () => {
    await submit({ name: 'Harold Hill Customer', postcode: 'RM3 0AB' }).expect(201);
    await submit({ name: 'Upminster Customer', postcode: 'RM14 2AB' }).expect(201);
    const found = (await request(app).get('/api/enquiries?q=rm3').set(fixture.staff.headers).expect(200))
      .body as Enquiry[];
    expect(found.map((enquiry) => enquiry.name)).toEqual(['Harold Hill Customer']);
  });
});
