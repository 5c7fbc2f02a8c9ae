import { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import { activityKinds, activityPageSize } from '#common/accounts/accounts.ts';
import type { Database } from '../db/client.ts';
import { requireOwner } from '../http/roles.ts';
import { blankAsMissing, idQueryParam, parseQuery, wholeNumberParam } from '../http/params.ts';
import { listActivity } from './service.ts';

/** The log's filters and page (`?actor=&kind=&before=&limit=`); an empty one is no filter. */
const activityQuerySchema = z.object({
  actor: blankAsMissing(z.optional(idQueryParam('actor must be an account id.', 15))),
  kind: blankAsMissing(z.optional(z.enum(activityKinds, 'kind is not a kind of activity.'))),
  before: blankAsMissing(z.optional(idQueryParam('before must be an entry id.', 15))),
  limit: blankAsMissing(z._default(wholeNumberParam('limit', 1, 200), activityPageSize)),
});

/** GET /api/activity: the activity log, owners only, newest first, a page at a time. */
export function activityRouter(db: Database, requireUser: RequestHandler): Router {
  const router = Router();
  router.get('/activity', requireUser, requireOwner, listEntries(db));
  return router;
}

/** GET /activity: a page of the log, filtered by person and kind. */
function listEntries(db: Database) {
  return async (req: Request, res: Response) => {
    const { actor, ...query } = parseQuery(activityQuerySchema, req);
    res.json(await listActivity(db, { actorId: actor, ...query }));
  };
}
