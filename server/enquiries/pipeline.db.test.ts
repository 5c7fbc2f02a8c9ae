import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { clearEnquiries, makeEnquiry, signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiryEvents, enquiryNotes, enquiryReferenceCounters } from '../db/schema.ts';

const fixture = useTestApp({ env: { ENQUIRY_RATE_LIMIT: '100000' }, staff: { username: 'alice' } });
let alice: Awaited<ReturnType<typeof signedInStaff>>;
let bob: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  alice = fixture.staff;
  bob = await signedInStaff(fixture.database.db, 'bob');
});

beforeEach(() => clearEnquiries(fixture.database.db));

async function submit(overrides: Parameters<typeof makeEnquiry>[0] = {}) {
  const response = await request(fixture.app).post('/api/enquiries').send(makeEnquiry(overrides)).expect(201);
  return response.body as { id: number; reference: string };
}

const inbox = async (query = '') =>
  (await request(fixture.app).get(`/api/enquiries${query}`).set(alice.headers).expect(200)).body as Enquiry[];

const setStatus = (id: number, status: unknown, staff = alice) =>
  request(fixture.app).put(`/api/enquiries/${id}/status`).set(staff.headers).send({ status });

describe('statuses', () => {
  it('move to any status, each change kept as an event (who, when, from, to); contacted follows', async () => {
    const { id } = await submit();
    const quoted = await setStatus(id, 'quoted').expect(200);
    expect(quoted.body).toMatchObject({ id, status: 'quoted', contacted: true });
    const booked = await setStatus(id, 'booked', bob).expect(200);
    expect(booked.body.events).toEqual([
      { id: expect.any(Number), from: 'new', to: 'quoted', actor: 'alice', createdAt: expect.any(String) },
      { id: expect.any(Number), from: 'quoted', to: 'booked', actor: 'bob', createdAt: expect.any(String) },
    ]);
    // The same status again changes nothing and records nothing.
    await setStatus(id, 'booked').expect(200);
    expect(await fixture.database.db.select().from(enquiryEvents)).toHaveLength(2);
    // Back to New: not contacted any more.
    const reopened = await setStatus(id, 'new').expect(200);
    expect(reopened.body).toMatchObject({ status: 'new', contacted: false });
  });

  it('keep Mark as Contacted as the spec has it, without moving an enquiry further along back', async () => {
    const first = await submit();
    const marked = await request(fixture.app)
      .put(`/api/enquiries/${first.id}/mark-contacted`)
      .set(alice.headers)
      .expect(200);
    expect(marked.body).toMatchObject({ status: 'contacted', contacted: true });
    expect(marked.body.events).toMatchObject([{ from: 'new', to: 'contacted', actor: 'alice' }]);

    const second = await submit();
    await setStatus(second.id, 'completed').expect(200);
    const again = await request(fixture.app)
      .put(`/api/enquiries/${second.id}/mark-contacted`)
      .set(alice.headers)
      .expect(200);
    expect(again.body).toMatchObject({ status: 'completed', contacted: true });
  });

  it('refuse an unknown status (400 naming the choices), a missing enquiry (404) and anonymous callers', async () => {
    const { id } = await submit();
    const wrong = await setStatus(id, 'Quoted').expect(400);
    expect(wrong.body.fieldErrors).toEqual({
      status: ['Choose one of new, contacted, quoted, booked, completed, closed'],
    });
    await setStatus(id, undefined).expect(400);
    await setStatus(999_999, 'quoted').expect(404);
    await request(fixture.app).put(`/api/enquiries/${id}/status`).send({ status: 'quoted' }).expect(401);
    expect((await inbox())[0]).toMatchObject({ id, status: 'new', events: [] });
  });
});

describe('notes', () => {
  it('are kept byte for byte with author and time, newest first', async () => {
    const { id } = await submit();
    const hostile =
      '<img src=x onerror=alert(1)> ${7*7} \u202eevil\u202c\r\nDROP TABLE enquiries; -- ünïcødé 🚐';
    const first = await request(fixture.app)
      .post(`/api/enquiries/${id}/notes`)
      .set(alice.headers)
      .send({ text: 'Quoted £90 for two tyres' })
      .expect(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      text: 'Quoted £90 for two tyres',
      author: 'alice',
      createdAt: expect.any(String),
    });
    await request(fixture.app)
      .post(`/api/enquiries/${id}/notes`)
      .set(bob.headers)
      .send({ text: hostile })
      .expect(201);
    const [enquiry] = await inbox();
    expect(enquiry!.notes.map((note) => [note.author, note.text])).toEqual([
      ['bob', hostile],
      ['alice', 'Quoted £90 for two tyres'],
    ]);
  });

  it('refuse an empty or overlong note, a missing enquiry and anonymous callers, storing nothing', async () => {
    const { id } = await submit();
    const note = (body: unknown, headers = alice.headers) =>
      request(fixture.app)
        .post(`/api/enquiries/${id}/notes`)
        .set(headers)
        .send(body as object);
    expect((await note({ text: '   ' }).expect(400)).body.fieldErrors).toEqual({ text: ['Write the note'] });
    expect((await note({ text: 'x'.repeat(2001) }).expect(400)).body.fieldErrors).toEqual({
      text: ['Must be 2000 characters or fewer'],
    });
    await note({}).expect(400);
    await request(fixture.app)
      .post('/api/enquiries/999999/notes')
      .set(alice.headers)
      .send({ text: 'Hi' })
      .expect(404);
    await request(fixture.app).post(`/api/enquiries/${id}/notes`).send({ text: 'Hi' }).expect(401);
    expect(await fixture.database.db.select().from(enquiryNotes)).toHaveLength(0);
  });

  it('and status changes carry their time as stored, in UTC to the millisecond', async () => {
    const { id } = await submit();
    await request(fixture.app)
      .post(`/api/enquiries/${id}/notes`)
      .set(alice.headers)
      .send({ text: 'Hi' })
      .expect(201);
    await setStatus(id, 'quoted').expect(200);
    const [enquiry] = await inbox();
    const [note] = await fixture.database.db.select().from(enquiryNotes);
    const [event] = await fixture.database.db.select().from(enquiryEvents);
    expect(enquiry!.notes[0]!.createdAt).toBe(note!.createdAt.toISOString());
    expect(enquiry!.events[0]!.createdAt).toBe(event!.createdAt.toISOString());
  });

  it('go with their enquiry when it is deleted', async () => {
    const { id } = await submit();
    await request(fixture.app)
      .post(`/api/enquiries/${id}/notes`)
      .set(alice.headers)
      .send({ text: 'Call back' })
      .expect(201);
    await setStatus(id, 'quoted').expect(200);
    await request(fixture.app).delete(`/api/enquiries/${id}`).set(alice.headers).expect(204);
    expect(await fixture.database.db.select().from(enquiryNotes)).toHaveLength(0);
    expect(await fixture.database.db.select().from(enquiryEvents)).toHaveLength(0);
  });
});

describe('references', () => {
  it('are ENQ-YYMM-NNNN of the London month, unique under 200 submissions at once', async () => {
    await fixture.database.db.delete(enquiryReferenceCounters);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        request(fixture.app)
          .post('/api/enquiries')
          .set('X-Forwarded-For', `198.51.100.${index % 250}`)
          .send(makeEnquiry()),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const references = answers.map((answer) => answer.body.reference as string);
    expect(new Set(references).size).toBe(200);
    const [year, month] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: '2-digit',
      month: '2-digit',
    })
      .format(new Date())
      .split('/')
      .reverse();
    const numbers = references.map((reference) => {
      expect(reference).toMatch(new RegExp(`^ENQ-${year}${month}-\\d{4}$`));
      return Number(reference.slice(-4));
    });
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    // Each stored enquiry carries the reference its customer was given.
    const stored = await inbox('?limit=200');
    expect(new Set(stored.map((enquiry) => enquiry.reference))).toEqual(new Set(references));
  });
});

describe('the inbox', () => {
  it('pages with `before`: newest first, no duplicates or gaps while new enquiries arrive', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 7; index += 1) ids.push((await submit()).id);
    const firstPage = await inbox('?limit=3');
    expect(firstPage.map((enquiry) => enquiry.id)).toEqual(ids.slice(4).reverse());
    // Two arrive while staff read the first page.
    await submit();
    await submit();
    const secondPage = await inbox(`?limit=3&before=${firstPage.at(-1)!.id}`);
    const thirdPage = await inbox(`?limit=3&before=${secondPage.at(-1)!.id}`);
    expect([...firstPage, ...secondPage, ...thirdPage].map((enquiry) => enquiry.id)).toEqual(
      [...ids].reverse(),
    );
    expect(await inbox(`?before=${ids[0]}`)).toEqual([]);
    expect(await inbox()).toHaveLength(9);
  });

  it('finds by any part of name, e-mail, phone, vehicle, message, postcode, reference or note, in any case', async () => {
    const van = await submit({
      name: 'Terry Transit',
      email: 'terry@fleet.example.com',
      phone: '01708 555 123',
      vehicle: 'Ford Transit 2019',
      message: 'Van tyres for the whole fleet',
      postcode: 'RM14 2XZ',
    });
    const other = await submit({
      name: 'Olive Other',
      email: 'olive@example.com',
      vehicle: 'Mini',
      message: 'Puncture',
    });
    await request(fixture.app)
      .post(`/api/enquiries/${other.id}/notes`)
      .set(alice.headers)
      .send({ text: 'Customer asked about 100% discount_code' })
      .expect(201);
    const found = async (q: string) =>
      (await inbox(`?q=${encodeURIComponent(q)}`)).map((enquiry) => enquiry.id);
    expect(await found('TRANSIT')).toEqual([van.id]);
    expect(await found('fleet.example')).toEqual([van.id]);
    expect(await found('555 1')).toEqual([van.id]);
    expect(await found('whole fleet')).toEqual([van.id]);
    expect(await found('m14 2x')).toEqual([van.id]);
    expect(await found(van.reference.toLowerCase())).toEqual([van.id]);
    expect(await found('discount')).toEqual([other.id]);
    // LIKE's wildcards are taken literally.
    expect(await found('100%')).toEqual([other.id]);
    expect(await found('_')).toEqual([other.id]);
    expect(await found('%')).toEqual([other.id]);
    expect(await found('nobody at all')).toEqual([]);
  });

  it('filters by status and counts each status', async () => {
    const a = await submit();
    const b = await submit();
    await submit();
    await setStatus(a.id, 'quoted').expect(200);
    await setStatus(b.id, 'closed').expect(200);
    expect((await inbox('?status=quoted')).map((enquiry) => enquiry.id)).toEqual([a.id]);
    const counts = await request(fixture.app).get('/api/enquiries/counts').set(alice.headers).expect(200);
    expect(counts.body).toEqual({
      total: 3,
      new: 1,
      contacted: 0,
      quoted: 1,
      booked: 0,
      completed: 0,
      closed: 1,
    });
    await request(fixture.app).get('/api/enquiries/counts').expect(401);
  });

  it('refuses bad filters with a 400 naming them', async () => {
    for (const [query, field, message] of [
      ['?status=open', 'status', 'status must be one of new, contacted, quoted, booked, completed, closed.'],
      ['?limit=0', 'limit', 'limit must be a whole number from 1 to 200.'],
      ['?limit=201', 'limit', 'limit must be a whole number from 1 to 200.'],
      ['?before=abc', 'before', 'before must be an enquiry id.'],
      ['?q=a&q=b', 'q', 'Give q once.'],
      [`?q=${'x'.repeat(201)}`, 'q', 'q must be 200 characters or fewer.'],
    ] as const) {
      for (const path of ['/api/enquiries', '/api/enquiries/export.csv']) {
        const response = await request(fixture.app).get(`${path}${query}`).set(alice.headers).expect(400);
        expect(response.body).toEqual({ error: invalidFieldsMessage, fieldErrors: { [field]: [message] } });
      }
    }
  });
});
