import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { clearEnquiries } from '#tests/support/factories.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { enquiries, outbox, rateLimitCounters } from '../db/schema.ts';
import { rateLimitHit } from '../http/rate-limit.ts';
import { createEnquiryWithinLimit, type EnquiryToStore } from './store.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => clearEnquiries(database.db));

const limit = { scope: 'enquiry', max: 2, windowMs: 10 * 60 * 1000 };

const payload = (name: string, overrides: Partial<EnquiryToStore> = {}): EnquiryToStore => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  phone: '07700 900123',
  vehicle: '',
  registration: '',
  service: 'puncture-repair',
  message: `Enquiry from ${name}`,
  postcode: '',
  outsideArea: false,
  remindersConsent: false,
  ...overrides,
});

/** Submissions made together, so that they share statements (group commit). */
const submitTogether = (clients: string[], overrides: Partial<EnquiryToStore> = {}) =>
  Promise.allSettled(
    clients.map((client, index) =>
      createEnquiryWithinLimit(
        database.db,
        payload(`Customer ${index}`, overrides),
        rateLimitHit(limit, client, new Date()),
        new Date(),
      ),
    ),
  );

describe('storing enquiries submitted together', () => {
  it('gives each its own id and its own notification, with its own fields', async () => {
    const clients = Array.from({ length: 60 }, (_, index) => `10.0.0.${index}`);
    const results = await submitTogether(clients);
    const ids = results.map((result) => (result.status === 'fulfilled' ? result.value.id : null));
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(ids).size).toBe(60);
    for (const [index, id] of ids.entries()) {
      const [stored] = await database.db.select().from(enquiries).where(eq(enquiries.id, id!));
      expect(stored).toMatchObject({
        name: `Customer ${index}`,
        vehicle: null,
        message: `Enquiry from Customer ${index}`,
      });
    }
    const notifications = await database.db.select().from(outbox).where(eq(outbox.kind, 'enquiry-received'));
    expect(notifications).toHaveLength(60);
    for (const notification of notifications) {
      const { enquiry } = notification.payload as {
        enquiry: { id: number; name: string; createdAt: string };
      };
      expect(`Customer ${ids.indexOf(enquiry.id)}`).toBe(enquiry.name);
      expect(enquiry.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('counts every submission of a client, in order, however they are grouped', async () => {
    const results = await submitTogether(['a', 'b', 'a', 'a', 'b', 'a', 'c']);
    const outcomes = results.map((result) =>
      result.status === 'fulfilled' ? (result.value.id === null ? 'refused' : 'stored') : 'failed',
    );
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'refused', 'stored', 'refused', 'stored']);
    const refused = results[3]!.status === 'fulfilled' ? results[3]!.value.limit : null;
    expect(refused).toMatchObject({ allowed: false });
    const counters = await database.db.select().from(rateLimitCounters);
    expect(Object.fromEntries(counters.map((row) => [row.key, row.hits]))).toEqual({
      'enquiry:a': 4,
      'enquiry:b': 2,
      'enquiry:c': 1,
    });
    expect(await database.db.select().from(enquiries)).toHaveLength(5);
    expect(await database.db.select().from(outbox).where(eq(outbox.kind, 'enquiry-received'))).toHaveLength(
      5,
    );
  });

  it('fails only the submission the database cannot take, not the others stored with it', async () => {
    // A NUL character cannot be stored in a text column: that submission's statement fails.
    const results = await Promise.allSettled([
      ...['x', 'y'].map((client) =>
        createEnquiryWithinLimit(
          database.db,
          payload('Fine'),
          rateLimitHit(limit, client, new Date()),
          new Date(),
        ),
      ),
      createEnquiryWithinLimit(
        database.db,
        payload('Bad', { message: 'a\u0000b' }),
        rateLimitHit(limit, 'z', new Date()),
        new Date(),
      ),
      ...['v', 'w'].map((client) =>
        createEnquiryWithinLimit(
          database.db,
          payload('Fine'),
          rateLimitHit(limit, client, new Date()),
          new Date(),
        ),
      ),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await database.db.select().from(enquiries)).toHaveLength(4);
    expect(await database.db.select().from(outbox).where(eq(outbox.kind, 'enquiry-received'))).toHaveLength(
      4,
    );
    // Nothing of the failed submission was written, not even its count.
    const counters = await database.db.select().from(rateLimitCounters);
    expect(counters.map((row) => row.key).sort()).toEqual([
      'enquiry:v',
      'enquiry:w',
      'enquiry:x',
      'enquiry:y',
    ]);
  });
});
