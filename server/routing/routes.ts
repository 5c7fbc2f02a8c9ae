import { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import type { RouteSettings } from '#common/routing/settings.ts';
import { HttpError } from '../http/errors.ts';
import { calendarDateParam, idQueryParam, parseBody, parseQuery } from '../http/params.ts';
import { dayRoute, orderDayRoute } from './day-route.ts';
import type { RoutingDependencies } from './reach.ts';
import { serviceNotesIn } from '../db/service-checks.ts';
import { routingStatus, type RoutingService } from './status.ts';

/**
 * The routes under /api: a fitter's day in route order (GET /jobs/route, a fitter their own
 * only), the office's re-ordering of it (POST /jobs/route/order), and how postcodes.io and OSRM
 * last answered (GET /routes/status).
 */
export type RoutingApiDependencies = {
  /** Absent where the app is built without routes (some tests): then none of these are answered. */
  routing?: RoutingDependencies;
  settings: () => Promise<{ routes: RouteSettings }>;
};

const fitterMessage = 'fitterId must be a fitter’s account id.';

const dayQuerySchema = z.object({
  date: calendarDateParam('date'),
  fitterId: idQueryParam(fitterMessage),
});

const orderBodySchema = z.object({
  date: calendarDateParam('date'),
  fitterId: z.number(fitterMessage).check(z.int(fitterMessage), z.positive(fitterMessage)),
});

/** Whose day a request may read: a fitter their own only. */
function whoseDay(req: Request, fitterId: number) {
  if (req.user?.role === 'fitter' && req.user.id !== fitterId) {
    throw new HttpError(403, 'Fitters see their own route only.');
  }
  return fitterId;
}

export function routingRouter(
  deps: RoutingApiDependencies,
  { requireUser, requireAnyUser }: { requireUser: RequestHandler; requireAnyUser: RequestHandler },
): Router {
  const router = Router();
  const routing = deps.routing;
  if (!routing) return router;
  router.get('/jobs/route', requireAnyUser, async (req: Request, res: Response) => {
    const { date, fitterId } = parseQuery(dayQuerySchema, req);
    const { routes } = await deps.settings();
    res.json(await dayRoute(routing, routes, { date, fitterId: whoseDay(req, fitterId) }));
  });
  router.post('/jobs/route/order', requireUser, async (req: Request, res: Response) => {
    const asked = parseBody(orderBodySchema, req.body);
    const { routes } = await deps.settings();
    const ordered = await orderDayRoute(routing, routes, asked);
    if (!ordered) {
      throw new HttpError(
        409,
        'No order of this day reaches every customer within their window: move a booking first.',
      );
    }
    res.json(ordered);
  });
  router.get('/routes/status', requireUser, async (_req: Request, res: Response) => {
    res.json(await routingStatus(routing.notes ?? serviceNotesIn<RoutingService>(routing.db), routing));
  });
  return router;
}
