// zod/mini: the vehicle's MOT form in the dashboard checks as the API does.
import * as z from 'zod/mini';
import type { JobRecord, JobStatus } from '#common/jobs/jobs.ts';
import { isCalendarDate } from '#common/time/week.ts';

/**
 * A vehicle as the API shows it: what it has been brought in for (its history of jobs and their
 * invoices) and when its MOT runs out, which staff may set.
 */

/** One visit in a vehicle's history (GET /api/vehicles/{registration}). */
export type VehicleJob = {
  id: number;
  reference: string;
  date: string;
  service: string;
  status: JobStatus;
  /** Why the fitter could not complete it, when they could not. */
  notCompletedReason: string | null;
  locationName: string;
  fitter: string | null;
  /** What was fitted and measured, once completed. */
  record: JobRecord | null;
  completedAt: string | null;
  invoices: { number: string; kind: 'invoice' | 'credit-note'; total: number; issuedAt: string }[];
};

/** GET /api/vehicles/{registration}: every job on a vehicle, newest first. */
export type VehicleHistory = {
  registration: string;
  /** The make and model as last booked. */
  vehicle: string | null;
  /** When its MOT runs out (YYYY-MM-DD), when known: a year on from an MOT here, or as staff set it. */
  motExpiry: string | null;
  jobs: VehicleJob[];
};

export const motExpiryMessage = 'Enter the MOT expiry as a date, YYYY-MM-DD';

/** PUT /api/vehicles/{registration}'s body. */
export const vehicleChangeSchema = z.object({
  motExpiry: z.string(motExpiryMessage).check(z.refine(isCalendarDate, motExpiryMessage)),
});
