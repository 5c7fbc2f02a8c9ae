import type { ServiceNotes } from '../db/service-checks.ts';
import { failureOf, reasonOf } from '../http/outside-failure.ts';

/**
 * What the vehicles' outside services (the DVLA's vehicle enquiry, the DVSA's MOT history) answered,
 * as the rest of the product reads it: found, not found, or unavailable for now. Any other status,
 * a network failure or a timeout is unavailable: the customer types the vehicle, the MOT expiry
 * stays as it was, and staff read why in the Settings tab (db/service-checks.ts).
 */
export type OutsideAnswer<Found> =
  | { kind: 'found'; found: Found }
  | { kind: 'not-found' }
  | {
      kind: 'unavailable';
      /** For staff: the status and the service's own words, never a customer's data. */
      reason: string;
      /** Set when the service asked not to be asked for a while (429, 503, a timeout): in seconds. */
      pauseSeconds: number | null;
    };

/** How long the product waits for either service: a form filling in, a booking never waiting on it. */
export const outsideTimeoutMs = 5_000;

/** How long the product stops asking a service that said it is busy or down, without a Retry-After. */
export const defaultPauseSeconds = 60;

/** Seconds from a Retry-After header (seconds or an HTTP date), else the default pause. */
export function pauseOf(retryAfter: string | null, now: Date): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds > 0) return Math.min(Math.ceil(seconds), 3600);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at) && at > now.getTime())
      return Math.min(Math.ceil((at - now.getTime()) / 1000), 3600);
  }
  return defaultPauseSeconds;
}

/** A failure to reach the service at all: a timeout (asked again after a pause) or the network. */
export function unreachable<Found>(error: unknown): OutsideAnswer<Found> {
  const { reason, timedOut } = failureOf(error);
  return { kind: 'unavailable', reason, pauseSeconds: timedOut ? defaultPauseSeconds : null };
}

/**
 * Stops asking a service for a while once it said it is busy or down: kept per process, as each
 * process asks on its own behalf.
 */
/**
 * What a service's answer other than 200 means: 404, a registration it does not know; 429 or 503,
 * unavailable and not to be asked again for its Retry-After; anything else, unavailable.
 */
export async function answerOtherThanFound<Found>(
  service: string,
  response: Response,
  now: Date,
): Promise<OutsideAnswer<Found>> {
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'not-found' };
  }
  const busy = response.status === 429 || response.status === 503;
  return {
    kind: 'unavailable',
    reason: await reasonOf(service, response),
    pauseSeconds: busy ? pauseOf(response.headers.get('retry-after'), now) : null,
  };
}

export function createPause(clock: () => Date) {
  let until = 0;
  return {
    /** Seconds left of the pause, or 0 when the service may be asked. */
    left: () => Math.max(0, Math.ceil((until - clock().getTime()) / 1000)),
    start: (seconds: number) => {
      until = Math.max(until, clock().getTime() + seconds * 1000);
    },
  };
}

/** Where the DVLA's and the DVSA's answers are noted for staff (db/service-checks.ts). */
export type VehicleServiceNotes = ServiceNotes<'dvla' | 'dvsa'>;
