import { Router, type Request, type RequestHandler } from 'express';
import { activityPageSize, isActivityKind } from '#common/accounts/accounts.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { requireOwner } from '../http/roles.ts';
import { listActivity, type ActivityQuery } from './service.ts';

/** The log's filters and page from the query string; a bad one is a 400 naming it. */
function activityQuery(query: Request['query']): ActivityQuery {
  const text = (name: string) => {
    const value = query[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw new HttpError(400, `Give ${name} once.`);
    return value;
  };
  const id = (name: string, message: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!/^[1-9][0-9]{0,14}$/.test(value)) throw new HttpError(400, message);
    return Number(value);
  };
  const kind = text('kind');
  if (kind !== undefined && !isActivityKind(kind))
    throw new HttpError(400, 'kind is not a kind of activity.');
  const limit = text('limit') ?? String(activityPageSize);
  if (!/^[0-9]{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 200) {
    throw new HttpError(400, 'limit must be a whole number from 1 to 200.');
  }
  return {
    actorId: id('actor', 'actor must be an account id.'),
    kind,
    before: id('before', 'before must be an entry id.'),
    limit: Number(limit),
  };
}

/** GET /api/activity: the activity log, owners only, newest first, a page at a time. */
export function activityRouter(db: Database, requireUser: RequestHandler): Router {
  const router = Router();
  router.get('/activity', requireUser, requireOwner, async (req, res) => {
    res.json(await listActivity(db, activityQuery(req.query)));
  });
  return router;
}
