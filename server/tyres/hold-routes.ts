import { Router, type RequestHandler } from 'express';
import { notHeldMessage } from '#common/bookings/holds.ts';
import { recordStaffActivity } from '../activity/service.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { idParam } from '../http/params.ts';
import { heldTyres, releaseHeldTyres } from './holds.ts';

/**
 * GET /api/tyres/held (the tyres held by online bookings not yet confirmed) and POST
 * /api/tyres/held/{booking id}/release, for signed-in staff. Mounted before the catalogue's
 * routes, whose GET /tyres/{id} would take `held` for a tyre.
 */
export function tyreHoldsRouter(
  { db, clock }: { db: Database; clock: () => Date },
  requireUser: RequestHandler,
): Router {
  const router = Router();
  router.get('/tyres/held', requireUser, async (_req, res) => {
    res.json(await heldTyres(db));
  });
  router.post('/tyres/held/:id/release', requireUser, async (req, res) => {
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
  });
  return router;
}
