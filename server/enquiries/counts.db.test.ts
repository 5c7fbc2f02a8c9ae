import { count, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  countOf,
  enquiryStatuses,
  type EnquiryCounts,
  type EnquiryStatus,
  type EnquiryStatusFilter,
} from '#common/enquiries/status.ts';
import { clearEnquiries, makeEnquiry } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { enquiries } from '../db/schema.ts';
import { purgeExpiredEnquiries } from './retention.ts';

const fixture = useTestApp({ env: { ENQUIRY_RATE_LIMIT: '100000' }, staff: { username: 'counter' } });

beforeEach(() => clearEnquiries(fixture.database.db));

/** Submissions sent at once (so that they share statements), from different clients. */
async function submit(howMany: number, email?: string): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: howMany }, (_, index) =>
      request(fixture.app)
        .post('/api/enquiries')
        .set('X-Forwarded-For', `198.51.100.${index % 250}`)
        .send(makeEnquiry(email ? { email } : {}))
        .expect(201),
    ),
  );
  return answers.map((answer) => answer.body.id as number);
}

const setStatus = (id: number, status: EnquiryStatus) =>
  request(fixture.app).put(`/api/enquiries/${id}/status`).set(fixture.staff.headers).send({ status });

/** What GET /api/enquiries/counts answers. */
const answeredCounts = async () =>
  (await request(fixture.app).get('/api/enquiries/counts').set(fixture.staff.headers).expect(200))
    .body as EnquiryCounts;

/** The enquiries counted one by one. */
async function countedRows(): Promise<EnquiryCounts> {
  const rows = await fixture.database.db
    .select({ status: enquiries.status, count: count() })
    .from(enquiries)
    .groupBy(enquiries.status);
  const byStatus = Object.fromEntries(enquiryStatuses.map((status) => [status, 0])) as Record<
    EnquiryStatus,
    number
  >;
  for (const row of rows) byStatus[row.status as EnquiryStatus] = Number(row.count);
  return { total: Object.values(byStatus).reduce((sum, value) => sum + value, 0), ...byStatus };
}

describe('the count of each status', () => {
  it('follows enquiries as they arrive, move, are deleted, purged and erased', async () => {
    const ids = await submit(12);
    expect(await answeredCounts()).toEqual({ ...(await countedRows()), total: 12, new: 12 });

    await setStatus(ids[0]!, 'quoted').expect(200);
    await setStatus(ids[0]!, 'booked').expect(200);
    await setStatus(ids[1]!, 'closed').expect(200);
    await setStatus(ids[1]!, 'closed').expect(200); // the same status again changes nothing
    await setStatus(ids[2]!, 'completed').expect(200);
    await setStatus(ids[2]!, 'new').expect(200); // back to New
    await request(fixture.app)
      .put(`/api/enquiries/${ids[3]}/mark-contacted`)
      .set(fixture.staff.headers)
      .expect(200);
    expect(await answeredCounts()).toEqual({
      total: 12,
      new: 9,
      contacted: 1,
      quoted: 0,
      booked: 1,
      completed: 0,
      closed: 1,
    });

    await request(fixture.app).delete(`/api/enquiries/${ids[0]}`).set(fixture.staff.headers).expect(204);
    await request(fixture.app).delete(`/api/enquiries/${ids[0]}`).set(fixture.staff.headers).expect(404);
    expect(await answeredCounts()).toMatchObject({ total: 11, booked: 0 });

    // Past the retention period: two go, one of them Closed.
    await fixture.database.db
      .update(enquiries)
      .set({ createdAt: new Date(Date.now() - 25 * 31 * 24 * 60 * 60 * 1000) })
      .where(inArray(enquiries.id, [ids[1]!, ids[4]!]));
    expect(await purgeExpiredEnquiries(fixture.database.db, { now: new Date(), months: 24 })).toMatchObject({
      enquiries: 2,
    });
    expect(await answeredCounts()).toMatchObject({ total: 9, new: 8, closed: 0 });

    // An erasure: every enquiry from one address, in any status.
    const [mine] = await submit(1, 'erase.me@example.com');
    await submit(1, 'Erase.Me@example.com');
    await setStatus(mine!, 'quoted').expect(200);
    expect(await answeredCounts()).toMatchObject({ total: 11, new: 9, quoted: 1 });
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email: 'erase.me@example.com' })
      .expect(200);
    expect(await answeredCounts()).toEqual({ ...(await countedRows()), total: 9, quoted: 0 });

    await fixture.database.db.execute(sql`truncate ${enquiries} cascade`);
    expect(await answeredCounts()).toEqual(await countedRows());
    expect((await answeredCounts()).total).toBe(0);
  });

  it('stays right while staff move and delete enquiries and new ones arrive, all at once', async () => {
    const ids = await submit(40);
    const changes = ids.flatMap((id, index) => [
      setStatus(id, enquiryStatuses[index % enquiryStatuses.length]!),
      setStatus(id, enquiryStatuses[(index * 7 + 3) % enquiryStatuses.length]!),
      ...(index % 5 === 0
        ? [request(fixture.app).delete(`/api/enquiries/${id}`).set(fixture.staff.headers)]
        : []),
    ]);
    const [answers] = await Promise.all([Promise.all(changes), submit(20)]);
    // Every change either happened or found its enquiry gone: none failed (no deadlock).
    for (const answer of answers) expect([200, 204, 404]).toContain(answer.status);
    const counted = await countedRows();
    expect(counted.total).toBe(52);
    expect(await answeredCounts()).toEqual(counted);
  });
});

describe('the counts and the inbox’s status filters', () => {
  it('count, for each filter, the enquiries its list shows: All every one, each status its own', async () => {
    const ids = await submit(15);
    // Two in each status past New (three are left New): Contacted is not every enquiry past New.
    const moved = enquiryStatuses.filter((status) => status !== 'new').flatMap((status) => [status, status]);
    for (const [index, status] of moved.entries()) await setStatus(ids[index]!, status).expect(200);
    const counts = await answeredCounts();
    expect(counts).toEqual({
      total: 15,
      new: 5,
      contacted: 2,
      quoted: 2,
      booked: 2,
      completed: 2,
      closed: 2,
    });

    const filters: EnquiryStatusFilter[] = ['all', ...enquiryStatuses];
    for (const filter of filters) {
      const listed = await request(fixture.app)
        .get('/api/enquiries')
        .query({ limit: 200, ...(filter !== 'all' && { status: filter }) })
        .set(fixture.staff.headers)
        .expect(200);
      expect({ filter, count: (listed.body as unknown[]).length }).toEqual({
        filter,
        count: countOf(counts, filter),
      });
    }
  });
});
