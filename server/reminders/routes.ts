import { Router, type Request, type RequestHandler, type Response } from 'express';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { reminderKinds, reminderStatuses, reviewRequestChangeSchema } from '#common/reminders/reminders.ts';
import { jobNotFoundMessage } from '#common/jobs/jobs.ts';
import type { ReminderSettings } from '#common/reminders/settings.ts';
import { recordStaffActivity } from '../activity/service.ts';
import type { Database } from '../db/client.ts';
import { reminders } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { blankAsMissing, idParam, parseBody, parseQuery } from '../http/params.ts';
import { requireOwner } from '../http/roles.ts';
import { reminderOf } from './privacy.ts';
import { setReviewRequest } from './schedule.ts';
import { sendDueReminders } from './send.ts';
import { reminderSummaryRoute } from './summary.ts';

type RemindersDependencies = {
  db: Database;
  clock: () => Date;
  /** The reminders' settings in force. */
  reminderSettings: () => Promise<ReminderSettings>;
  /** Tells the outbox worker e-mails are due. */
  wake: () => void;
};

/** The most reminders one answer lists. */
const listedAtMost = 1_000;

/**
 * The reminders, under /api, for owners and staff: GET /reminders lists them (by kind and status,
 * soonest due first) and GET /reminders/summary counts them (summary.ts); POST /reminders/send-due
 * (owners) sends those due now, whatever the hour; PUT /jobs/{id}/review-request ticks or unticks
 * a job's review request. A vehicle's MOT expiry set by staff (vehicles/routes.ts) schedules its
 * reminders afresh through `motExpiryChange` (schedule.ts).
 */
export function remindersRouter(deps: RemindersDependencies, requireUser: RequestHandler): Router {
  const router = Router();
  router.use('/reminders', requireUser);
  router.get('/reminders', listReminders(deps.db));
  router.get('/reminders/summary', reminderSummaryRoute(deps.db));
  router.post('/reminders/send-due', requireOwner, sendDue(deps));
  router.put('/jobs/:id/review-request', requireUser, changeReviewRequest(deps));
  return router;
}

/** The list's filters (`?kind=&status=`); an empty one is no filter. */
const remindersQuerySchema = z.object({
  kind: blankAsMissing(z.optional(z.enum(reminderKinds, `kind must be one of ${reminderKinds.join(', ')}.`))),
  status: blankAsMissing(
    z.optional(z.enum(reminderStatuses, `status must be one of ${reminderStatuses.join(', ')}.`)),
  ),
});

/** GET /reminders: the reminders of a kind and status, soonest due first. */
function listReminders(db: Database) {
  return async (req: Request, res: Response) => {
    const { kind, status } = parseQuery(remindersQuerySchema, req);
    const conditions: SQL[] = [];
    if (kind) conditions.push(eq(reminders.kind, kind));
    if (status) conditions.push(eq(reminders.status, status));
    const rows = await db
      .select()
      .from(reminders)
      .where(and(...conditions))
      .orderBy(asc(reminders.dueAt), asc(reminders.id))
      .limit(listedAtMost);
    res.json(rows.map(reminderOf));
  };
}

/** POST /reminders/send-due: the reminders due now sent, whatever the hour; answers how many. */
function sendDue({ db, clock, reminderSettings, wake }: RemindersDependencies) {
  return async (req: Request, res: Response) => {
    const sent = await sendDueReminders(db, clock(), await reminderSettings(), { anyHour: true });
    if (sent > 0) wake();
    await recordStaffActivity(db, req, { kind: 'reminders-sent', target: 'reminders', detail: { sent } });
    res.json({ sent });
  };
}

/** PUT /jobs/{id}/review-request: the job's review request ticked or unticked. */
function changeReviewRequest({ db, clock, reminderSettings }: RemindersDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, jobNotFoundMessage);
    const { reviewRequest } = parseBody(reviewRequestChangeSchema, req.body ?? {});
    const inForce = await reminderSettings();
    const found = await db.transaction((tx) => setReviewRequest(tx, id, reviewRequest, clock(), inForce));
    if (!found) throw new HttpError(404, jobNotFoundMessage);
    await recordStaffActivity(db, req, {
      kind: 'job-updated',
      target: `job ${id}`,
      detail: { reviewRequest: reviewRequest ? 'ticked' : 'unticked' },
    });
    res.json({ id, reviewRequest });
  };
}
