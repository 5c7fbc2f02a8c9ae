import { Router, type RequestHandler } from 'express';
import { personalDataRequestSchema } from '#common/privacy/privacy.ts';
import { parseBody, parseQuery } from '../http/params.ts';
import type { Database } from '../db/client.ts';
import { eraseSubject, exportSubject } from './service.ts';
import { recordStaffActivity } from '../activity/service.ts';

/**
 * The data protection duties the Privacy Policy promises (rights of access and erasure), for one
 * e-mail address at a time. Staff only.
 */
export function privacyRouter(db: Database, requireUser: RequestHandler, clock: () => Date): Router {
  const router = Router();
  router.use('/privacy', requireUser);
  router.get('/privacy/export', async (req, res) => {
    const { email } = parseQuery(personalDataRequestSchema, req);
    const data = await exportSubject(db, email, clock());
    // How much was handed over, never to whom: the log outlives an erasure.
    await recordStaffActivity(db, req, {
      kind: 'privacy-exported',
      detail: { enquiries: data.enquiries.length },
    });
    res.setHeader('Content-Disposition', 'attachment; filename="personal-data.json"');
    res.json(data);
  });
  router.post('/privacy/erase', async (req, res) => {
    const body = parseBody(personalDataRequestSchema, req.body);
    const erased = await eraseSubject(db, body.email, req.user!, clock());
    // Counts only: the day the invoices are kept until would date the person's custom.
    const { invoicesKeptUntil: _until, ...counts } = erased;
    await recordStaffActivity(db, req, { kind: 'privacy-erased', detail: counts });
    res.json(erased);
  });
  return router;
}
