import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { recordServiceFailure, recordServiceSuccess, serviceChecksOf } from './service-checks.ts';

// How each outside service last answered, as the Settings tab reads it.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the services’ checks', () => {
  it('keep each service’s last success and last failure with its reason, apart', async () => {
    const { db } = database;
    expect(await serviceChecksOf(db, ['dvla', 'dvsa'])).toEqual([
      { service: 'dvla', lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
      { service: 'dvsa', lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
    ]);
    await recordServiceSuccess(db, 'dvla');
    await recordServiceFailure(db, 'dvla', `DVLA answered 503: ${'x'.repeat(600)}`);
    await recordServiceFailure(db, 'dvsa', 'No answer in time');
    const [dvla, dvsa] = await serviceChecksOf(db, ['dvla', 'dvsa']);
    expect(dvla).toMatchObject({ lastSuccessAt: expect.any(String), lastFailureAt: expect.any(String) });
    expect(dvla!.lastFailure).toHaveLength(500);
    expect(dvsa).toMatchObject({ lastSuccessAt: null, lastFailure: 'No answer in time' });
    // A later success leaves the last failure for staff to read.
    await recordServiceSuccess(db, 'dvsa');
    expect((await serviceChecksOf(db, ['dvsa']))[0]).toMatchObject({
      lastSuccessAt: expect.any(String),
      lastFailure: 'No answer in time',
    });
    expect(await serviceChecksOf(db, [])).toEqual([]);
  });
});
