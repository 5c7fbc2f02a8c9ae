import { Router, type Request, type RequestHandler, type Response } from 'express';
import { isRegistration, normaliseRegistration, registrationMessage } from '#common/vehicles/registration.ts';
import { vehicleChangeSchema } from '#common/vehicles/vehicles.ts';
import { recordStaffActivity, vehicleTarget } from '../activity/service.ts';
import { keptUserPassing, type AuthDependencies } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import type { KeptRead } from '../http/kept-reads.ts';
import { parseBody } from '../http/params.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { motExpiryOf } from './mot-expiry.ts';
import { createVehicleReads, type VehicleReads } from './reads.ts';

type VehiclesDependencies = {
  db: Database;
  /**
   * Sets a vehicle's MOT expiry as staff give it, with what follows from it (its reminders
   * scheduled afresh, reminders/schedule.ts' `motExpiryChange`).
   */
  setMotExpiry: (registration: string, motExpiry: string) => Promise<void>;
};

/** The registration a /api/vehicles/{registration} path names, as stored (AB12CDE). */
function registrationAsked(registration: string): string {
  if (!isRegistration(registration)) throw new HttpError(400, registrationMessage);
  return normaliseRegistration(registration);
}

/**
 * GET /api/vehicles/{registration} answered ahead of the middleware (like the tyre search,
 * http/kept-reads.ts) for a session kept in memory; any other request (no session kept, a mistake
 * in it) goes through the router, whose guard and route answer it.
 */
export const keptVehicleReads = (auth: AuthDependencies, reads: VehicleReads): KeptRead[] => [
  {
    path: '/api/vehicles',
    below: true,
    answer: async (req) => {
      if (!keptUserPassing(req, auth)) throw new Error('not kept');
      const path = req.url.split('?')[0]!;
      return reads.history(registrationAsked(decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))));
    },
  },
];

/**
 * A vehicle, under /api, for owners and staff: GET /vehicles/{registration} answers its history
 * (every job on it, newest first, with their invoices, and its MOT expiry), read through `reads`
 * (reads.ts); PUT /vehicles/{registration} sets its MOT expiry.
 */
export function vehiclesRouter(
  deps: VehiclesDependencies,
  { requireUser, reads = createVehicleReads(deps) }: { requireUser: RequestHandler; reads?: VehicleReads },
): Router {
  const router = Router();
  router.use('/vehicles', requireUser);
  router.get('/vehicles/:registration', vehicleHistory(reads));
  router.put('/vehicles/:registration', setVehicleMotExpiry(deps));
  return router;
}

/** GET /vehicles/{registration}: the vehicle's history, its jobs newest first, and its MOT expiry. */
function vehicleHistory(reads: VehicleReads) {
  return async (req: Request, res: Response) => {
    sendPreparedJson(req, res, await reads.history(registrationAsked(String(req.params.registration))));
  };
}

/** PUT /vehicles/{registration}: the vehicle's MOT expiry as staff give it. */
function setVehicleMotExpiry({ db, setMotExpiry }: VehiclesDependencies) {
  return async (req: Request, res: Response) => {
    const registration = registrationAsked(String(req.params.registration));
    const { motExpiry } = parseBody(vehicleChangeSchema, req.body ?? {});
    await setMotExpiry(registration, motExpiry);
    await recordStaffActivity(db, req, {
      kind: 'vehicle-changed',
      target: vehicleTarget(registration),
      detail: { motExpiry },
    });
    res.json({ registration, motExpiry: await motExpiryOf(db, registration) });
  };
}
