import { Router, type Request, type RequestHandler, type Response } from 'express';
import { notHeldMessage } from '#common/bookings/holds.ts';
import { recordStaffActivity } from '../activity/service.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { idParam } from '../http/params.ts';
import { heldTyres, releaseHeldTyres } from './holds.ts';

type TyreHoldsDependencies = { db: Database; clock: () => Date };

/**
 * GET /api/tyres/held (the tyres held by online bookings not yet confirmed) and POST
 * /api/tyres/held/{booking id}/release, for signed-in staff. Mounted before the catalogue's
 * routes, whose GET /tyres/{id} would take `held` for a tyre.
 */
export function tyreHoldsRouter(deps: TyreHoldsDependencies, requireUser: RequestHandler): Router {
  const router = Router();
  router.get('/tyres/held', requireUser, listHeldTyres(deps));
  router.post('/tyres/held/:id/release', requireUser, releaseHold(deps));
  return router;
}

/** GET /tyres/held: the tyres held by online bookings not yet confirmed. */
function listHeldTyres({ db }: TyreHoldsDependencies) {
  return async (_req: Request, res: Response) => {
    res.json(await heldTyres(db));
  };
}

/** POST /tyres/held/{booking id}/release: the booking's tyres back on offer; the tyres still held. */
function releaseHold({ db, clock }: TyreHoldsDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, 'There is no such booking.');
    const result = await releaseHeldTyres(db, id, req.user!, clock());
    if (result.outcome === 'not-found') throw new HttpError(404, 'There is no such booking.');
    if (result.outcome === 'not-held') throw new HttpError(409, notHeldMessage);
    const { booking } = result;
    await recordStaffActivity(db, req, {
      kind: 'tyre-hold-released',
      target: `booking ${booking.reference}`,
      detail: { tyre: booking.tyre!.description, quantity: booking.tyre!.quantity },
    });
    res.json(await heldTyres(db));
  };
}
