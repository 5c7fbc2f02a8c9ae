import type { Job } from '#common/jobs/jobs.ts';

/**
 * Links that open the phone's maps app: Google Maps' cross-platform URLs open the app on Android
 * and iOS where it is installed, and the web map elsewhere.
 */
const mapsDirections = 'https://www.google.com/maps/dir/?api=1';

/** Where a job is, as a maps app searches it: the address and postcode, or the branch's name. */
function placeOf(job: Pick<Job, 'customer' | 'locationName'>): string {
  const { address, postcode } = job.customer;
  return [address, postcode].filter(Boolean).join(', ') || job.locationName;
}

/** Directions to one job. */
export const directionsTo = (job: Pick<Job, 'customer' | 'locationName'>) =>
  `${mapsDirections}&destination=${encodeURIComponent(placeOf(job))}&travelmode=driving`;

/**
 * The whole day's route, in window order, from where the phone is: the last job is the
 * destination and the others are stops on the way (the maps apps take up to nine). Jobs done or
 * handed back are left out; null when nothing is left to visit.
 */
export function dayRoute(jobs: readonly Job[]): string | null {
  const stops = jobs
    .filter((job) => job.status !== 'completed' && job.status !== 'not-completed')
    .map(placeOf)
    .slice(0, 10);
  if (stops.length === 0) return null;
  const destination = stops.pop()!;
  const waypoints = stops.length > 0 ? `&waypoints=${encodeURIComponent(stops.join('|'))}` : '';
  return `${mapsDirections}&destination=${encodeURIComponent(destination)}${waypoints}&travelmode=driving`;
}

/** A tel: link from a phone number as people write it. */
export const telLink = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;
