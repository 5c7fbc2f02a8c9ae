import { Router, type Request, type RequestHandler, type Response } from 'express';
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
  router.get('/privacy/export', exportPersonalData(db, clock));
  router.post('/privacy/erase', erasePersonalData(db, clock));
  return router;
}

/** GET /privacy/export?email=: everything stored about the address, as a file to hand over. */
function exportPersonalData(db: Database, clock: () => Date) {
  return async (req: Request, res: Response) => {
    const { email } = parseQuery(personalDataRequestSchema, req);
    const data = await exportSubject(db, email, clock());
    // How much was handed over, never to whom: the log outlives an erasure.
    await recordStaffActivity(db, req, {
      kind: 'privacy-exported',
      detail: { enquiries: data.enquiries.length },
    });
    res.setHeader('Content-Disposition', 'attachment; filename="personal-data.json"');
    res.json(data);
  };
}

/** POST /privacy/erase: what is stored about the address erased, and what was kept until when. */
function erasePersonalData(db: Database, clock: () => Date) {
  return async (req: Request, res: Response) => {
    const body = parseBody(personalDataRequestSchema, req.body);
    const erased = await eraseSubject(db, body.email, req.user!, clock());
    // Counts only: the day the invoices are kept until would date the person's custom.
    const { invoicesKeptUntil: _until, ...counts } = erased;
    await recordStaffActivity(db, req, { kind: 'privacy-erased', detail: counts });
    res.json(erased);
  };
}
