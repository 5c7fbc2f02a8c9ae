import { Router, type Request, type RequestHandler, type Response } from 'express';
import { isRegistration, normaliseRegistration, registrationMessage } from '#common/vehicles/registration.ts';
import { vehicleChangeSchema, type VehicleLookedUpAgain } from '#common/vehicles/vehicles.ts';
import type { VehicleDataStatus } from '#common/vehicles/settings.ts';
import {
  vehicleLookupOffMessage,
  vehicleLookupUnavailableMessage,
  vehicleNotFoundMessage,
  type RegisteredVehicle,
} from '#common/vehicles/vehicle-data.ts';
import { recordStaffActivity, vehicleTarget } from '../activity/service.ts';
import { keptUserPassing, type AuthDependencies } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { clientKey } from '../http/client-key.ts';
import { HttpError, ServiceUnavailableError } from '../http/errors.ts';
import type { KeptRead } from '../http/kept-reads.ts';
import { parseBody } from '../http/params.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { countHit, rateLimitHit, type RateLimit } from '../http/rate-limit.ts';
import { motExpiryOf } from './mot-expiry.ts';
import { createVehicleReads, type VehicleReads } from './reads.ts';
import type { VehicleData } from './setup.ts';

type VehiclesDependencies = {
  db: Database;
  clock: () => Date;
  /** The DVLA's look-up and the DVSA's MOT history (setup.ts). */
  data: VehicleData;
  /** The per-client limit of look-ups (counted apart from bookings and enquiries). */
  lookupLimit: RateLimit;
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
      // The public look-up and the services' status are the router's.
      if (/^\/api\/vehicles\/(lookup|status)$/.test(path)) throw new Error('not kept');
      return reads.history(registrationAsked(decodeURIComponent(path.slice(path.lastIndexOf('/') + 1))));
    },
  },
];

/**
 * Vehicles, under /api. For anyone: GET /vehicles/lookup?registration= (the DVLA's record, for
 * the forms). For owners and staff: GET /vehicles/status (the outside services), GET
 * /vehicles/{registration} its history (every job on it, newest first, with their invoices, its
 * MOT expiry and latest MOT test), read through `reads` (reads.ts); PUT /vehicles/{registration}
 * sets its MOT expiry; POST /vehicles/{registration}/lookup reads the DVLA and the DVSA afresh.
 */
export function vehiclesRouter(
  deps: VehiclesDependencies,
  { requireUser, reads = createVehicleReads(deps) }: { requireUser: RequestHandler; reads?: VehicleReads },
): Router {
  const router = Router();
  router.get('/vehicles/lookup', lookupVehicle(deps));
  router.use('/vehicles', requireUser);
  router.get('/vehicles/status', vehicleDataStatus(deps));
  router.get('/vehicles/:registration', vehicleHistory(reads));
  router.put('/vehicles/:registration', setVehicleMotExpiry(deps));
  router.post('/vehicles/:registration/lookup', lookUpAgain(deps));
  return router;
}

export const tooManyLookupsMessage = 'Too many look-ups from here just now: please type the make and model.';

/**
 * GET /vehicles/lookup?registration=AB12CDE: the vehicle as the DVLA registered it, for the
 * booking page to fill in. A registration not written as one is refused
 * before the DVLA is asked (400); one the DVLA does not know is 404; the DVLA failing, busy or
 * not set up, the filling turned off, or a client past its limit are answered with an error (503,
 * 429) on which the forms simply do not fill.
 */
function lookupVehicle({ db, clock, data, lookupLimit }: VehiclesDependencies) {
  return async (req: Request, res: Response) => {
    const asked = typeof req.query.registration === 'string' ? req.query.registration : '';
    const registration = registrationAsked(asked);
    const { lookup } = data;
    if (!lookup || !(await data.settings()).vehicles.fillFromRegistration) {
      throw new ServiceUnavailableError(vehicleLookupOffMessage, 3600);
    }
    const limited = await countHit(db, rateLimitHit(lookupLimit, clientKey(req.ip), clock()));
    if (!limited.allowed) {
      req.log.warn({ retryAfterSeconds: limited.retryAfterSeconds }, 'vehicle look-up refused: rate limit');
      res
        .set('Retry-After', String(limited.retryAfterSeconds))
        .status(429)
        .json({ error: tooManyLookupsMessage });
      return;
    }
    const result = await lookup.lookup(registration);
    if (result.kind === 'not-found') throw new HttpError(404, vehicleNotFoundMessage);
    if (result.kind === 'unavailable') {
      throw new ServiceUnavailableError(vehicleLookupUnavailableMessage, result.retryAfterSeconds);
    }
    res.json(result.vehicle satisfies RegisteredVehicle);
  };
}

/** GET /vehicles/status: whether the DVLA and the DVSA are set up, and how each last answered. */
function vehicleDataStatus({ data }: VehiclesDependencies) {
  return async (_req: Request, res: Response) => {
    const [dvla, dvsa] = await data.notes.of(['dvla', 'dvsa']);
    const status = (configured: boolean, { service: _service, ...check }: NonNullable<typeof dvla>) => ({
      configured,
      ...check,
    });
    res.json({
      dvla: status(data.configured.dvla, dvla!),
      dvsa: status(data.configured.dvsa, dvsa!),
    } satisfies VehicleDataStatus);
  };
}

/**
 * POST /vehicles/{registration}/lookup: the DVLA and the DVSA asked afresh, whatever was kept or
 * read lately (staff's "Look up again"); the vehicle's history then shows what they said.
 */
function lookUpAgain({ db, data }: VehiclesDependencies) {
  return async (req: Request, res: Response) => {
    const registration = registrationAsked(String(req.params.registration));
    const [dvla, motHistory] = await Promise.all([
      data.lookup
        ? data.lookup.lookup(registration, { fresh: true }).then((result) => result.kind)
        : ('off' as const),
      data.mot.check(registration, { fresh: true }),
    ]);
    await recordStaffActivity(db, req, {
      kind: 'vehicle-looked-up',
      target: vehicleTarget(registration),
      detail: { dvla, motHistory },
    });
    res.json({ registration, dvla, motHistory } satisfies VehicleLookedUpAgain);
  };
}

/** GET /vehicles/{registration}: the vehicle's history, its jobs newest first, its MOT expiry and test. */
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
