import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries, outbox } from '../db/schema.ts';
import { loadProductionSsr } from '../http/ssr.ts';

const fixture = useTestApp({
  env: { ENQUIRY_RATE_LIMIT: '2' },
  dependencies: async () => {
    ensureBuilt();
    return { ssr: await loadProductionSsr() };
  },
});

beforeEach(() => clearEnquiries(fixture.database.db));

const post = (fields: Record<string, unknown>) =>
  request(fixture.app)
    .post('/enquiry')
    .type('form')
    .set('Cookie', 'splash_seen=1')
    .send(fields as Record<string, string>);

/** A page's text as read, without React's markers between adjacent texts. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');

describe('the enquiry form without JavaScript (POST /enquiry)', () => {
  it('stores the enquiry with its notification and redirects to a confirmation page', async () => {
    const response = await post(makeEnquiry({ name: 'Sarah Mitchell' })).expect(303);
    const stored = await fixture.database.db.select().from(enquiries);
    expect(stored).toMatchObject([{ name: 'Sarah Mitchell', service: 'puncture-repair' }]);
    expect(response.headers.location).toBe(`/enquiry?received=${stored[0]!.reference}`);
    expect(
      await fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'enquiry-received')),
    ).toHaveLength(1);

    const page = await request(fixture.app)
      .get(String(response.headers.location))
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(page.text).toContain('Enquiry Submitted');
    expect(page.text).toContain('get back to you as soon as possible.');
    expect(page.text).toContain(
      `Your reference is <strong class="font-semibold text-ink">${stored[0]!.reference}`,
    );
    expect(page.headers['cache-control']).toBe('private, no-store');
    // Anything else in the address is not shown as a reference.
    const forged = await request(fixture.app)
      .get('/enquiry?received=%3Cscript%3E')
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(forged.text).toContain('Enquiry Submitted');
    expect(forged.text).not.toContain('Your reference is');
  });

  it('tells the customer after sending whether their postcode is inside the covered area', async () => {
    const outside = await post(makeEnquiry({ postcode: 'co1 1aa' })).expect(303);
    const [stored] = await fixture.database.db.select().from(enquiries);
    expect(stored).toMatchObject({ postcode: 'CO1 1AA', outsideArea: true });
    expect(outside.headers.location).toBe(`/enquiry?received=${stored!.reference}&area=outside&district=CO1`);
    const outsidePage = await request(fixture.app)
      .get(String(outside.headers.location))
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(textOf(outsidePage.text)).toContain('CO1 is outside the area we usually cover.');

    const inside = await post(makeEnquiry({ postcode: 'RM3 0AB' })).expect(303);
    expect(inside.headers.location).toMatch(/&area=inside&district=RM3$/);
    const insidePage = await request(fixture.app)
      .get(String(inside.headers.location))
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(textOf(insidePage.text)).toContain('Good news: RM3 is inside our area');

    // (Without a postcode the address carries no verdict: see the first test.) A forged one is not shown.
    const forged = await request(fixture.app)
      .get('/enquiry?received=ENQ-2611-0001&area=inside&district=%3Cb%3E')
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(forged.text).not.toContain('Good news');
  });

  it('sends a malformed postcode back with its message and the value kept', async () => {
    const response = await post(makeEnquiry({ postcode: 'RM3' })).expect(400);
    expect(response.text).toContain('Enter a UK postcode, for example RM3 0AB');
    expect(response.text).toMatch(/<input[^>]*id="enquiry-postcode"[^>]*value="RM3"/);
    expect(await fixture.database.db.select().from(enquiries)).toEqual([]);
  });

  it('answers bad fields with the form again: messages, values kept, status 400', async () => {
    const response = await post(makeEnquiry({ name: 'Sarah Mitchell', email: 'nope', service: '' })).expect(
      400,
    );
    expect(response.text).toContain('Valid email is required');
    expect(response.text).toContain('Please select a service');
    expect(response.text).toMatch(/<input[^>]*id="enquiry-name"[^>]*value="Sarah Mitchell"/);
    expect(response.text).toMatch(/<input[^>]*id="enquiry-email"[^>]*aria-invalid="true"/);
    expect(await fixture.database.db.select().from(enquiries)).toEqual([]);
  });

  it('drops a filled honeypot silently, like the API', async () => {
    await post(makeEnquiry({ website: 'http://spam.example' })).expect(303);
    expect(await fixture.database.db.select().from(enquiries)).toEqual([]);
  });

  it('applies the same per-client limit as the API', async () => {
    await post(makeEnquiry()).expect(303);
    await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    const response = await post(makeEnquiry()).expect(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.text).toContain('You have sent several enquiries in a short time.');
    expect(await fixture.database.db.select().from(enquiries)).toHaveLength(2);
  });
});
