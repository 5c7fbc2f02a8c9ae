import type { DayRoute, RouteStopView } from '#common/routing/day-route.ts';
import { answer } from './api-handlers.ts';

/** Test data: a stop of a fitter's route as GET /api/jobs/route gives it, with overrides. */
export function makeRouteStop(overrides: Partial<RouteStopView> = {}): RouteStopView {
  const bookingId = overrides.bookingId ?? 7;
  return {
    bookingId,
    reference: `ENQ-2611-${String(bookingId).padStart(4, '0')}`,
    name: 'Sam Driver',
    addressLine: '12 Gooshays Drive',
    town: 'Romford',
    postcode: 'RM3 0AB',
    start: '08:00',
    end: '10:00',
    arrival: '08:25',
    driveMinutes: 25,
    miles: 9.2,
    late: false,
    latitude: 51.6012,
    longitude: 0.2345,
    ...overrides,
  };
}

/** Test data: a fitter's day as a route, from the Harold Hill van's start unless told otherwise. */
export function makeDayRoute(overrides: Partial<DayRoute> = {}): DayRoute {
  const stops = overrides.stops ?? [];
  return {
    date: '2026-11-24',
    fitterId: 3,
    start: { name: 'Harold Hill', postcode: 'RM3 8AA' },
    source: 'osrm',
    stops,
    driveMinutes: stops.reduce((sum, stop) => sum + stop.driveMinutes, 0),
    miles: Math.round(stops.reduce((sum, stop) => sum + stop.miles, 0) * 10) / 10,
    ...overrides,
  };
}

/**
 * GET /api/jobs/route answered with each fitter's route as `routeOf` gives it for the date and
 * fitter asked about; by default a route with no stops (nothing to drive).
 */
export const answerDayRoutes = (
  routeOf: (date: string, fitterId: number) => DayRoute = (date, fitterId) =>
    makeDayRoute({ date, fitterId }),
) =>
  answer('GET /api/jobs/route', ({ query }) => ({
    status: 200,
    body: routeOf(query.get('date')!, Number(query.get('fitterId'))),
  }));
