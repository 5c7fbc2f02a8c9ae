import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries, outbox } from '../db/schema.ts';
import { tooManyEnquiriesMessage } from './submit.ts';

const fixture = useTestApp({ env: { ENQUIRY_RATE_LIMIT: '1000' } });

beforeEach(() => clearEnquiries(fixture.database.db));

const storedEnquiries = () => fixture.database.db.select().from(enquiries);
const storedNotifications = () =>
  fixture.database.db.select().from(outbox).where(eq(outbox.kind, 'enquiry-received'));

describe('POST /api/enquiries', () => {
  it('stores a valid enquiry, trimmed, with its notification, and answers 201 with its id', async () => {
    const response = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: '  Sarah Mitchell ', email: ' sarah@example.com ' }))
      .expect(201);
    const [stored] = await storedEnquiries();
    expect(response.body).toEqual({ id: stored!.id, reference: stored!.reference, outsideArea: false });
    expect(stored!.reference).toMatch(/^ENQ-\d{4}-\d{4}$/);
    expect(stored).toMatchObject({
      name: 'Sarah Mitchell',
      email: 'sarah@example.com',
      phone: '07700 900123',
      vehicle: 'Ford Focus 2019',
      service: 'puncture-repair',
      contacted: false,
    });
    const [notification] = await storedNotifications();
    expect(notification).toMatchObject({ kind: 'enquiry-received', sentAt: null });
    expect(notification!.payload).toMatchObject({ enquiry: { id: stored!.id, name: 'Sarah Mitchell' } });
    // The customer's acknowledgement is stored in the same statement.
    const acknowledgements = await fixture.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'enquiry-acknowledgement'));
    expect(acknowledgements).toHaveLength(1);
    expect(acknowledgements[0]!.payload).toMatchObject({
      kind: 'enquiry-acknowledgement',
      enquiry: { id: stored!.id, email: 'sarah@example.com', reference: stored!.reference },
    });
  });

  it('accepts an enquiry without the optional vehicle and message', async () => {
    await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ vehicle: undefined, message: undefined }))
      .expect(201);
    const [stored] = await storedEnquiries();
    expect(stored).toMatchObject({ vehicle: null, message: '' });
  });

  it('stores the vehicle’s registration as AB12CDE, and staff read it with the enquiry', async () => {
    await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ registration: ' ab12 cde ', contactBy: 'email' }))
      .expect(201);
    const [stored] = await storedEnquiries();
    expect(stored).toMatchObject({
      registration: 'AB12CDE',
      contactBy: 'email',
      contactByAt: expect.any(Date),
    });
    const listed = await request(fixture.app).get('/api/enquiries').set(fixture.staff.headers).expect(200);
    expect(listed.body.enquiries?.[0] ?? listed.body[0]).toMatchObject({ registration: 'AB12CDE' });
  });

  it.each([
    ['registration', { registration: 'not a reg' }, 'Enter the vehicle’s registration, for example AB12 CDE'],
    ['contactBy', { contactBy: 'post' }, 'Choose e-mail, text message or both'],
    ['name', { name: 'A' }, 'Name is required'],
    ['name', { name: '   ' }, 'Name is required'],
    ['phone', { phone: '1234' }, 'Valid phone number is required'],
    ['email', { email: 'not-an-email' }, 'Valid email is required'],
    ['email', { email: 'a@example.com\r\nBcc: victim@example.org' }, 'Valid email is required'],
    ['service', { service: '' }, 'Please select a service'],
    ['service', { service: 'free-tyres' }, 'Please select a service'],
    ['message', { message: 'x'.repeat(2001) }, 'Must be 2000 characters or fewer'],
    ['name', { name: 'x'.repeat(101) }, 'Must be 100 characters or fewer'],
  ])('refuses a bad %s with the message "%s" and stores nothing', async (field, override, message) => {
    const response = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry(override))
      .expect(400);
    expect(response.body.error).toBe('Please check the highlighted fields and try again.');
    expect(response.body.fieldErrors[field]).toEqual([message]);
    expect(await storedEnquiries()).toEqual([]);
    expect(await storedNotifications()).toEqual([]);
  });

  it('names every bad field of an empty submission in the spec words', async () => {
    const response = await request(fixture.app).post('/api/enquiries').send({}).expect(400);
    expect(response.body.fieldErrors).toEqual({
      name: ['Name is required'],
      phone: ['Valid phone number is required'],
      email: ['Valid email is required'],
      service: ['Please select a service'],
    });
  });

  it('refuses a body over 16 kB with 413 and stores nothing', async () => {
    const response = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ message: 'x'.repeat(17 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({ error: 'The request body is too large.' });
    expect(await storedEnquiries()).toEqual([]);
  });

  it('refuses a body that is not JSON with 415', async () => {
    await request(fixture.app).post('/api/enquiries').type('form').send('name=Sarah').expect(415);
  });

  it('answers a filled honeypot as if accepted, but stores and sends nothing', async () => {
    const response = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ website: 'http://spam.example' }))
      .expect(201);
    expect(response.body.id).toEqual(expect.any(Number));
    expect(await storedEnquiries()).toEqual([]);
    expect(await storedNotifications()).toEqual([]);
  });

  it('stores markup and SQL as plain text and returns them byte for byte', async () => {
    const script = '<script>alert(1)</script>';
    const injection = "'; DROP TABLE enquiries;--";
    await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: injection, vehicle: script, message: `${script}\n${injection}` }))
      .expect(201);
    const response = await request(fixture.app).get('/api/enquiries').set(fixture.staff.headers).expect(200);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({
      name: injection,
      vehicle: script,
      message: `${script}\n${injection}`,
    });
  });

  it('takes 200 enquiries sent at once, every one with its notification', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => request(fixture.app).post('/api/enquiries').send(makeEnquiry())),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(200);
    expect(await storedEnquiries()).toHaveLength(200);
    expect(await storedNotifications()).toHaveLength(200);
  });
});

describe('the per-client limit on enquiries', () => {
  it('answers 429 with Retry-After and a sentence after the limit, storing nothing more', async () => {
    const limited = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RATE_LIMIT: '2', ENQUIRY_RATE_WINDOW_MINUTES: '10' }),
    });
    await request(limited).post('/api/enquiries').send(makeEnquiry()).expect(201);
    await request(limited).post('/api/enquiries').send(makeEnquiry()).expect(201);
    const response = await request(limited).post('/api/enquiries').send(makeEnquiry()).expect(429);
    expect(response.body).toEqual({ error: tooManyEnquiriesMessage });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await storedEnquiries()).toHaveLength(2);
  });

  it('counts an IPv6 client by its /64', async () => {
    const limited = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RATE_LIMIT: '2', TRUST_PROXY: '1' }),
    });
    const sendFrom = (client: string) =>
      request(limited).post('/api/enquiries').set('X-Forwarded-For', client).send(makeEnquiry());
    await sendFrom('2001:db8:3:4::1').expect(201);
    await sendFrom('2001:db8:3:4::2').expect(201);
    await sendFrom('2001:db8:3:4:ffff:1:2:3').expect(429);
    await sendFrom('2001:db8:3:5::1').expect(201);
  });

  it('does not count invalid submissions against the customer', async () => {
    const limited = createTestApp(fixture.database, { config: testConfig({ ENQUIRY_RATE_LIMIT: '1' }) });
    await request(limited)
      .post('/api/enquiries')
      .send(makeEnquiry({ email: 'oops' }))
      .expect(400);
    await request(limited).post('/api/enquiries').send(makeEnquiry()).expect(201);
  });
});

describe('the staff enquiry API', () => {
  it('needs a signed-in user for every call', async () => {
    await request(fixture.app).get('/api/enquiries').expect(401);
    await request(fixture.app).put('/api/enquiries/1/mark-contacted').expect(401);
    await request(fixture.app).delete('/api/enquiries/1').expect(401);
    const response = await request(fixture.app)
      .get('/api/enquiries')
      .set('Cookie', 'session=forged-token')
      .expect(401);
    expect(response.body).toEqual({ error: 'Please sign in to continue.' });
  });

  it('lists enquiries newest first', async () => {
    for (const name of ['First Customer', 'Second Customer', 'Third Customer']) {
      await request(fixture.app).post('/api/enquiries').send(makeEnquiry({ name })).expect(201);
    }
    const response = await request(fixture.app).get('/api/enquiries').set(fixture.staff.headers).expect(200);
    expect(response.body.map((enquiry: { name: string }) => enquiry.name)).toEqual([
      'Third Customer',
      'Second Customer',
      'First Customer',
    ]);
    expect(response.body[0]).toEqual({
      id: expect.any(Number),
      name: 'Third Customer',
      email: expect.stringMatching(/@example\.com$/),
      phone: '07700 900123',
      vehicle: 'Ford Focus 2019',
      service: 'puncture-repair',
      message: expect.any(String),
      contacted: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'new',
      reference: expect.stringMatching(/^ENQ-\d{4}-\d{4}$/),
      postcode: null,
      outsideArea: false,
      notes: [],
      events: [],
      serviceTitle: null,
      registration: null,
    });
  });

  it('marks an enquiry as contacted, and again without harm', async () => {
    const { body } = await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    for (let time = 0; time < 2; time += 1) {
      const response = await request(fixture.app)
        .put(`/api/enquiries/${body.id}/mark-contacted`)
        .set(fixture.staff.headers)
        .expect(200);
      expect(response.body).toMatchObject({ id: body.id, contacted: true });
    }
    const [stored] = await storedEnquiries();
    expect(stored!.contacted).toBe(true);
    expect(stored!.contactedAt).toBeInstanceOf(Date);
  });

  it('deletes an enquiry for good, with its e-mails, and leaves the others', async () => {
    const first = await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    const second = await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    await request(fixture.app)
      .delete(`/api/enquiries/${first.body.id}`)
      .set(fixture.staff.headers)
      .expect(204);
    expect((await storedEnquiries()).map((enquiry) => enquiry.id)).toEqual([second.body.id]);
    // Its e-mails (which carry the customer's details) go with it; the other's stay.
    const mails = await fixture.database.db.select({ payload: outbox.payload }).from(outbox);
    expect(mails.map((mail) => (mail.payload as { enquiry: { id: number } }).enquiry.id)).toEqual([
      second.body.id,
      second.body.id,
    ]);
    await request(fixture.app)
      .delete(`/api/enquiries/${first.body.id}`)
      .set(fixture.staff.headers)
      .expect(404);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await request(fixture.app)
      .put('/api/enquiries/999999/mark-contacted')
      .set(fixture.staff.headers)
      .expect(404);
    expect(unknown.body.error).toMatch(/does not exist/);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      await request(fixture.app).delete(`/api/enquiries/${id}`).set(fixture.staff.headers).expect(400);
    }
  });
});
