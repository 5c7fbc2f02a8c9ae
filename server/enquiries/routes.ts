import express, { Router, type Request, type RequestHandler } from 'express';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { idParam } from '../http/params.ts';
import { deleteEnquiry, listEnquiries, markContacted } from './service.ts';
import { submitEnquiry, type EnquirySubmission } from './submit.ts';

/** An enquiry is a few short fields: anything bigger is not one (issue: abuse defences). */
export const enquiryBodyLimit = '16kb';

/**
 * POST /api/enquiries, public. It has its own body parser with the enquiry's cap, so it is
 * mounted before the API's general one.
 */
export function publicEnquiriesRouter(submission: EnquirySubmission) {
  const router = Router();
  router.post('/enquiries', express.json({ limit: enquiryBodyLimit }), async (req, res) => {
    if (!req.is('application/json')) {
      throw new HttpError(415, 'Send the enquiry as JSON (Content-Type: application/json).');
    }
    const result = await submitEnquiry(submission, req.body, req.ip ?? 'unknown');
    if (result.status === 429) {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, result.error);
    }
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    res.status(201).json({ id: result.id });
  });
  return router;
}

const enquiryId = (req: Request) => idParam(req, 'The enquiry id must be a positive whole number.');

const notFound = () => new HttpError(404, 'That enquiry does not exist. It may have been deleted.');

/** The staff inbox, mounted at /enquiries: every route here sits behind the sign-in guard. */
export function adminEnquiriesRouter(db: Database, requireUser: RequestHandler) {
  const router = Router();
  router.use(requireUser);
  router.get('/', async (_req, res) => {
    res.json(await listEnquiries(db));
  });
  router.put('/:id/mark-contacted', async (req, res) => {
    const enquiry = await markContacted(db, enquiryId(req));
    if (!enquiry) throw notFound();
    res.json(enquiry);
  });
  router.delete('/:id', async (req, res) => {
    if (!(await deleteEnquiry(db, enquiryId(req)))) throw notFound();
    res.status(204).end();
  });
  return router;
}
