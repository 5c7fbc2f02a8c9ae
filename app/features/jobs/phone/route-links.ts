import type { Job } from '#common/jobs/jobs.ts';

/**
 * Links that open the phone's maps apps. Google Maps' and Apple Maps' URLs open the app where it
 * is installed and the web map elsewhere; Waze's open Waze, which takes one destination only.
 */
const google = 'https://www.google.com/maps/dir/?api=1';
const apple = 'https://maps.apple.com/';
const waze = 'https://waze.com/ul';

/** Google Maps takes up to nine stops on the way besides the destination. */
const googleWaypoints = 9;

type Place = Pick<Job, 'customer' | 'locationName'>;

/** Where a stop is on the map, when its postcode has been placed. */
export type Coordinates = { latitude: number; longitude: number };

/** A route stop's coordinates, when it has them. */
export const coordinatesOf = (
  stop: { latitude: number | null; longitude: number | null } | undefined,
): Coordinates | null =>
  stop && stop.latitude !== null && stop.longitude !== null
    ? { latitude: stop.latitude, longitude: stop.longitude }
    : null;

/** One maps app's link: its name as the fitter sees it, and where it goes. */
export type MapsLink = { app: 'google' | 'apple' | 'waze'; label: string; href: string };

/** Where a job is, as a maps app searches it: the address and postcode, or the branch's name. */
function placeOf(job: Place): string {
  const { address, postcode } = job.customer;
  return [address, postcode].filter(Boolean).join(', ') || job.locationName;
}

const googleTo = (destination: string, waypoints: readonly string[] = []) =>
  `${google}&destination=${encodeURIComponent(destination)}${
    waypoints.length > 0 ? `&waypoints=${encodeURIComponent(waypoints.join('|'))}` : ''
  }&travelmode=driving`;

/** Apple Maps chains its stops in `daddr` with "+to:". */
const appleTo = (stops: readonly string[]) =>
  `${apple}?daddr=${stops.map(encodeURIComponent).join('+to:')}&dirflg=d`;

/** Waze drives to the coordinates when they are known (exact), else searches the address. */
const wazeTo = (job: Place, at?: Coordinates | null) =>
  at
    ? `${waze}?ll=${at.latitude},${at.longitude}&navigate=yes`
    : `${waze}?q=${encodeURIComponent(placeOf(job))}&navigate=yes`;

/** Directions to one job in each maps app. */
export function directionsTo(job: Place, at?: Coordinates | null): MapsLink[] {
  const place = placeOf(job);
  return [
    { app: 'google', label: 'Google Maps', href: googleTo(place) },
    { app: 'apple', label: 'Apple Maps', href: appleTo([place]) },
    { app: 'waze', label: 'Waze', href: wazeTo(job, at) },
  ];
}

/**
 * The whole day's route, in the order listed, from where the phone is: Google Maps and Apple Maps
 * through every job still to visit (the last the destination; Google's up to ten in all), Waze to
 * the next one only. Jobs done or handed back are left out; empty when nothing is left to visit.
 * `placed` gives a job's coordinates when the day's route knows them.
 */
export function dayRoute(
  jobs: readonly Job[],
  placed: (job: Job) => Coordinates | null = () => null,
): MapsLink[] {
  const left = jobs.filter((job) => job.status !== 'completed' && job.status !== 'not-completed');
  const next = left[0];
  if (!next) return [];
  const stops = left.map(placeOf);
  const forGoogle = stops.slice(0, googleWaypoints + 1);
  const destination = forGoogle.pop()!;
  return [
    { app: 'google', label: 'Google Maps', href: googleTo(destination, forGoogle) },
    { app: 'apple', label: 'Apple Maps', href: appleTo(stops) },
    { app: 'waze', label: left.length > 1 ? 'Waze (next stop)' : 'Waze', href: wazeTo(next, placed(next)) },
  ];
}

/** A tel: link from a phone number as people write it. */
export const telLink = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;
