import { afterAll, beforeAll, beforeEach } from 'vitest';
import { motReadsSettled } from '#server/vehicles/mot-check.ts';
import { defaultVehicleSettings, type VehicleSettings } from '#common/vehicles/settings.ts';
import { rateLimitCounters, reminders, serviceChecks, vehicleLookups, vehicles } from '#server/db/schema.ts';
import { bookingContent } from './bookings.ts';
import { startDvlaStandIn, type DvlaStandIn } from './dvla-stand-in.ts';
import { startDvsaStandIn, type DvsaStandIn } from './dvsa-stand-in.ts';
import { useJobsApp } from './jobs.ts';

/**
 * The vehicle data's tests: the jobs' app (tests/support/jobs.ts) with the DVLA and the DVSA set
 * up against their stand-ins (dvla-stand-in.ts, dvsa-stand-in.ts), started afresh for the file;
 * before each test nothing kept of vehicles, look-ups, services' checks or look-up counts, and
 * the vehicles' settings as `setVehicles` leaves them (the defaults unless told).
 */
export function useVehicleDataApp() {
  const stand = {} as { dvla: DvlaStandIn; dvsa: DvsaStandIn };
  const env: Record<string, string> = {};
  beforeAll(async () => {
    stand.dvla = await startDvlaStandIn();
    stand.dvsa = await startDvsaStandIn();
    Object.assign(env, stand.dvla.env(), stand.dvsa.env());
  });
  const app = useJobsApp({ env: () => env });
  afterAll(async () => {
    await stand.dvla?.close();
    await stand.dvsa?.close();
  });
  beforeEach(async () => {
    // A read the previous test started writes what this one empties: it ends first.
    await motReadsSettled();
    setVehicles({});
    const { db } = app.fixture.database;
    for (const table of [vehicles, vehicleLookups, serviceChecks, rateLimitCounters, reminders])
      await db.delete(table);
    stand.dvla.requests.length = 0;
    stand.dvla.state.delayMs = 0;
    stand.dvla.failWith(200, { times: 0 });
    stand.dvsa.requests.length = 0;
    stand.dvsa.failWith(200, { times: 0 });
  });

  /** The vehicles' settings of the tests that follow (the rest as the defaults). */
  function setVehicles(settings: Partial<VehicleSettings>) {
    app.content.content = { ...bookingContent(), vehicles: { ...defaultVehicleSettings, ...settings } };
  }

  return { ...app, stand, setVehicles };
}
