// zod/mini: the vehicle's MOT form in the dashboard checks as the API does.
import * as z from 'zod/mini';
import { isCalendarDate } from '#common/time/week.ts';

/**
 * What is known of a vehicle beyond its jobs: when its MOT runs out, which staff may set
 * (PUT /api/vehicles/{registration}). Its history of jobs is the jobs' shape (common/jobs,
 * `VehicleHistory`).
 */

export const motExpiryMessage = 'Enter the MOT expiry as a date, YYYY-MM-DD';

/** PUT /api/vehicles/{registration}'s body. */
export const vehicleChangeSchema = z.object({
  motExpiry: z.string(motExpiryMessage).check(z.refine(isCalendarDate, motExpiryMessage)),
});

/** What came of reading a vehicle's MOT history from the DVSA. */
export type MotHistoryOutcome = 'read' | 'not-found' | 'unavailable' | 'off' | 'recent';

/** POST /api/vehicles/{registration}/lookup's answer: what the DVLA and the DVSA said afresh. */
export type VehicleLookedUpAgain = {
  registration: string;
  /** The DVLA's answer: the vehicle, not found, unavailable, or off (not set up). */
  dvla: 'found' | 'not-found' | 'unavailable' | 'off';
  motHistory: MotHistoryOutcome;
};
