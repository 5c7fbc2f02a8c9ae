import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import type { EnquiryStatus } from '#common/enquiries/status.ts';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries } from '../db/schema.ts';

const fixture = useTestApp({ env: { ENQUIRY_RATE_LIMIT: '100000' }, staff: { username: 'searcher' } });

beforeEach(() => clearEnquiries(fixture.database.db));

type Fields = Parameters<typeof makeEnquiry>[0] & { postcode?: string };

/** Stores an enquiry with exactly these fields (the form takes no postcode: it is set after). */
async function enquiry(
  { postcode, ...fields }: Fields = {},
  options: { note?: string; status?: EnquiryStatus } = {},
) {
  const { body } = await request(fixture.app)
    .post('/api/enquiries')
    .send(
      makeEnquiry({
        name: 'Pat Doe',
        email: 'pat@example.com',
        phone: '01111 111111',
        vehicle: 'Van',
        message: 'Tyres please',
        ...fields,
      }),
    )
    .expect(201);
  const { id, reference } = body as { id: number; reference: string };
  if (postcode) await fixture.database.db.update(enquiries).set({ postcode }).where(eq(enquiries.id, id));
  if (options.note) {
    await request(fixture.app)
      .post(`/api/enquiries/${id}/notes`)
      .set(fixture.staff.headers)
      .send({ text: options.note })
      .expect(201);
  }
  if (options.status) {
    await request(fixture.app)
      .put(`/api/enquiries/${id}/status`)
      .set(fixture.staff.headers)
      .send({ status: options.status })
      .expect(200);
  }
  return { id, reference };
}

const found = async (q: string, more = '') =>
  (
    (
      await request(fixture.app)
        .get(`/api/enquiries?q=${encodeURIComponent(q)}${more}`)
        .set(fixture.staff.headers)
        .expect(200)
    ).body as Enquiry[]
  ).map((enquiry) => enquiry.id);

describe('searching the inbox', () => {
  it('finds part of every field and of the notes, in any case, and nothing else', async () => {
    const name = await enquiry({ name: 'Bartholomew Quince' });
    const email = await enquiry({ email: 'fleet.manager@haulage.example' });
    const phone = await enquiry({ phone: '+44 7700 900456' });
    const vehicle = await enquiry({ vehicle: 'Skoda Octavia Estate' });
    const message = await enquiry({ message: 'Locking wheel nut key lost somewhere' });
    const postcode = await enquiry({ postcode: 'RM3 0AB' });
    const noted = await enquiry({}, { note: 'Customer prefers Thursday mornings' });
    expect(await found('THOLOM')).toEqual([name.id]);
    expect(await found('manager@haul')).toEqual([email.id]);
    expect(await found('7700 9004')).toEqual([phone.id]);
    expect(await found('octavia est')).toEqual([vehicle.id]);
    expect(await found('NUT KEY')).toEqual([message.id]);
    expect(await found('rm3')).toEqual([postcode.id]);
    expect(await found('rm3 0ab')).toEqual([postcode.id]);
    expect(await found(vehicle.reference)).toEqual([vehicle.id]);
    expect(await found(vehicle.reference.toLowerCase().slice(3))).toEqual([vehicle.id]);
    expect(await found('thursday')).toEqual([noted.id]);
    expect(await found('tyres please')).toHaveLength(6);
    expect(await found('nowhere to be found')).toEqual([]);
  });

  it('finds a reference wherever it is written, and not the numbers of it written without its ENQ-', async () => {
    const original = await enquiry({});
    const number = original.reference.slice('ENQ-'.length);
    const quoting = await enquiry({ message: `Following up on enq-${number}, still waiting` });
    const numbers = await enquiry({ message: `Order ${number} from the tyre catalogue` });
    const newestFirst = [numbers.id, quoting.id, original.id];
    expect(await found(original.reference)).toEqual([quoting.id, original.id]);
    expect(await found(` ${original.reference.toLowerCase()} `)).toEqual([quoting.id, original.id]);
    expect(await found(number)).toEqual(newestFirst);
    expect(await found(`Q-${number}`)).toEqual([quoting.id, original.id]);
    expect(await found(`ENQ-${number}0`)).toEqual([]);
    expect(await found('ENQ-')).toEqual(expect.arrayContaining(newestFirst));
  });

  it('never matches across two fields', async () => {
    await enquiry({ name: 'Jo Smith', email: 'smith.jo@example.com', vehicle: 'Mini', message: 'Cooper S' });
    expect(await found('smithsmith')).toEqual([]);
    expect(await found('Smith smith')).toEqual([]);
    expect(await found('Mini Cooper')).toEqual([]);
    expect(await found('Jo Smith\u001fsmith')).toEqual([]);
    expect(await found('\u001f')).toEqual([]);
  });

  it('finds one and two characters, and takes %, _ and \\ literally', async () => {
    const percent = await enquiry({ message: 'Saw the 50% off offer' });
    const underscore = await enquiry({ email: 'first_last@example.com' });
    const backslash = await enquiry({ vehicle: 'Reg plate AB12\\CDE' }, { note: 'Paid by card' });
    const short = await enquiry({ name: 'Qi Xu' });
    expect(await found('%')).toEqual([percent.id]);
    expect(await found('0%')).toEqual([percent.id]);
    expect(await found('_')).toEqual([underscore.id]);
    expect(await found('t_l')).toEqual([underscore.id]);
    expect(await found('\\')).toEqual([backslash.id]);
    expect(await found('2\\c')).toEqual([backslash.id]);
    expect(await found('QI')).toEqual([short.id]);
    expect(await found('u')).toEqual([short.id]);
    expect(await found('xu')).toEqual([short.id]);
    expect(await found('by')).toEqual([backslash.id]);
    expect(await found('zz')).toEqual([]);
  });

  it('lists an enquiry once when it matches in several places, and follows status, before and limit', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 9; index += 1) {
      const matchIn = index % 3; // 0: a field, 1: a note, 2: both
      const { id } = await enquiry(
        { vehicle: matchIn === 1 ? 'Car' : 'Ford Transit' },
        {
          note: matchIn === 0 ? 'Called back' : 'Second TRANSIT van too',
          status: index % 2 === 0 ? 'quoted' : undefined,
        },
      );
      ids.push(id);
    }
    await enquiry({ vehicle: 'Fiat Panda' }, { note: 'Called back' });
    const newestFirst = [...ids].reverse();
    expect(await found('transit')).toEqual(newestFirst);
    expect(await found('transit', '&status=quoted')).toEqual(
      newestFirst.filter((_, index) => index % 2 === 0),
    );
    expect(await found('transit', '&status=booked')).toEqual([]);

    // Page by page, three at a time: every one once, in order.
    const pages: number[] = [];
    for (let before: number | undefined; ;) {
      const page = await found('transit', `&limit=3${before ? `&before=${before}` : ''}`);
      if (page.length === 0) break;
      pages.push(...page);
      before = page.at(-1);
    }
    expect(pages).toEqual(newestFirst);
    expect(await found('transit', `&status=quoted&limit=2&before=${ids[6]}`)).toEqual([ids[4], ids[2]]);
  });
});
