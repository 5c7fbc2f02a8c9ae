import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { BookingWindow } from '#common/bookings/settings.ts';
import { defaultRouteSettings, type RouteSettings } from '#common/routing/settings.ts';
import { postcodePlaces, routeDays, serviceChecks } from '#server/db/schema.ts';
import { forgetTravelTables } from '#server/routing/travel.ts';
import { bookingContent } from './bookings.ts';
import { useJobsApp } from './jobs.ts';
import { startOsrmStandIn, type OsrmStandIn } from './osrm-stand-in.ts';
import { startPostcodesStandIn, type PostcodesStandIn } from './postcodes-stand-in.ts';

/**
 * The routes' tests: the jobs' app (tests/support/jobs.ts) with postcodes.io and OSRM pointed at
 * their stand-ins (POSTCODES_API_URL, OSRM_URL), the postcodes stand-in knowing the service
 * area's towns (tests/data/service-area-places.json). Before each test: no places kept, no vans'
 * days claimed, no services' answers noted, no OSRM table kept, both stand-ins up with no
 * requests, and mobile fitting every day in `windows`, with the routes settings `setRoutes`
 * leaves (`routes` below unless told), every postcode district taken (no covered districts).
 */
export function useRoutesApp(windows: BookingWindow[]) {
  const stand = {} as { postcodes: PostcodesStandIn; osrm: OsrmStandIn };
  const env: Record<string, string> = {};
  beforeAll(async () => {
    [stand.postcodes, stand.osrm] = await Promise.all([
      startPostcodesStandIn({ serviceArea: true }),
      startOsrmStandIn(),
    ]);
    Object.assign(env, { POSTCODES_API_URL: stand.postcodes.origin, OSRM_URL: stand.osrm.origin });
  });
  const app = useJobsApp({ env: () => env });
  afterAll(async () => {
    await stand.postcodes?.close();
    await stand.osrm?.close();
  });
  beforeEach(async () => {
    const { db } = app.fixture.database;
    for (const table of [postcodePlaces, routeDays, serviceChecks]) await db.delete(table);
    forgetTravelTables();
    for (const service of [stand.postcodes, stand.osrm]) {
      service.setDown(null);
      service.requests.length = 0;
    }
    stand.osrm.road.mph = 30;
    setRoutes({});
  });

  /** The routes settings of the test (the rest as `routes`), and the booking windows. */
  function setRoutes(settings: Partial<RouteSettings>) {
    const content = bookingContent(windows);
    content.areas.coveredDistricts = [];
    app.content.content = { ...content, routes: { ...routes, ...settings } };
  }

  /** GET /api/availability for mobile puncture repair at `postcode`, from `from` for `days` days. */
  const availability = (postcode: string | undefined, from: string, days = 1) =>
    request(app.fixture.app)
      .get('/api/availability')
      .query({ service: 'puncture-repair', location: 'mobile', from, days, ...(postcode && { postcode }) });

  return { ...app, stand, setRoutes, availability };
}

/**
 * One van, starting in Basildon (SS14); no call-out within 10 miles by road, £15 to 20 miles,
 * £25 to 25 miles, none booked online beyond; £5 off near another job (3 miles); 45 minutes on
 * site for a puncture repair.
 */
export const routes: RouteSettings = {
  ...defaultRouteSettings,
  starts: [{ name: 'Basildon', postcode: 'SS14 1AA' }],
  callOutBands: [
    { upToMiles: 10, pence: 0 },
    { upToMiles: 20, pence: 1500 },
    { upToMiles: 25, pence: 2500 },
  ],
  averageMph: 25,
  roadFactor: 1.3,
  nearbyMiles: 3,
  nearbyDiscountPence: 500,
  onSiteMinutes: { ...defaultRouteSettings.onSiteMinutes, 'puncture-repair': 45 },
};

/** The service area's towns (tests/data/service-area-places.json) by postcode. */
export const towns = {
  southend: 'SS1 1AA',
  basildon: 'SS14 1AA',
  romford: 'RM1 1AA',
  haroldHill: 'RM3 7AA',
  grays: 'RM17 5AA',
  ilford: 'IG1 1AA',
  stratford: 'E15 1AA',
  brentwood: 'CM14 4AA',
  benfleet: 'SS7 1AA',
  leigh: 'SS9 1AA',
  gideaPark: 'RM2 5AA',
} as const;
