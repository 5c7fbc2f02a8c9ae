import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { VehicleDataStatus } from '#common/vehicles/settings.ts';
import type { VehicleLookedUpAgain } from '#common/vehicles/vehicles.ts';
import { vehicleLookupOffMessage } from '#common/vehicles/vehicle-data.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { recordServiceFailure } from '../db/service-checks.ts';

// Without DVLA_* and DVSA_*: nothing is looked up, and staff are told so.
const fixture = useTestApp({ staff: { role: 'staff' } });

describe('vehicle data not set up', () => {
  it('answers the look-up 503, so that forms do not fill, and the staff’s look-up again as off', async () => {
    const answer = await request(fixture.app).get('/api/vehicles/lookup?registration=AB12CDE').expect(503);
    expect(answer.body).toEqual({ error: vehicleLookupOffMessage });
    expect(answer.headers['retry-after']).toBe('3600');
    const again = await request(fixture.app)
      .post('/api/vehicles/AB12CDE/lookup')
      .set(fixture.staff.headers)
      .expect(200);
    expect(again.body).toEqual({
      registration: 'AB12CDE',
      dvla: 'off',
      motHistory: 'off',
    } satisfies VehicleLookedUpAgain);
  });

  it('tells staff, and not fitters, whether each service is set up and how it last answered', async () => {
    await recordServiceFailure(fixture.database.db, 'dvsa', 'DVSA answered 500');
    const status = await request(fixture.app)
      .get('/api/vehicles/status')
      .set(fixture.staff.headers)
      .expect(200);
    expect(status.body).toEqual({
      dvla: { configured: false, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
      dvsa: {
        configured: false,
        lastSuccessAt: null,
        lastFailureAt: expect.any(String),
        lastFailure: 'DVSA answered 500',
      },
    } satisfies VehicleDataStatus);
    const fitter = await signedInStaff(fixture.database.db, 'fred', undefined, 'fitter');
    await request(fixture.app).get('/api/vehicles/status').set(fitter.headers).expect(403);
    await request(fixture.app).get('/api/vehicles/status').expect(401);
  });
});
