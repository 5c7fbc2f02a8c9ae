import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, idQueryParam, parseBody, parseQuery, textParam, wholeNumberParam } from '../http/params.ts';
import * as z from 'zod/mini';
import { enquiryNoteMaxLength, enquiryStatuses } from '#common/enquiries/status.ts';
import { addEnquiryNote, deleteEnquiry, markContacted, setEnquiryStatus } from './pipeline.ts';
import { countEnquiries, enquiryPageJson } from './read.ts';
import { streamEnquiriesCsv } from './export.ts';
import { recordStaffActivity } from '../activity/service.ts';
import { submitEnquiry, type EnquirySubmission } from './submit.ts';

/** An enquiry is a few short fields: anything bigger is not one (an abuse defence). */
const enquiryBodyLimit = '16kb';

/**
 * POST /api/enquiries, public. It has its own body parser with the enquiry's cap, so it is
 * mounted before the API's general one.
 */
export function publicEnquiriesRouter(submission: EnquirySubmission) {
  const router = Router();
  router.post('/enquiries', express.json({ limit: enquiryBodyLimit }), submitPublicEnquiry(submission));
  return router;
}

/** POST /enquiries: 201 and the enquiry's reference, or why not. */
function submitPublicEnquiry(submission: EnquirySubmission) {
  return async (req: Request, res: Response) => {
    if (!req.is('application/json')) {
      throw new HttpError(415, 'Send the enquiry as JSON (Content-Type: application/json).');
    }
    const result = await submitEnquiry(submission, req.body, req.ip);
    if (result.status === 429) {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(429, result.error);
    }
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    res
      .status(201)
      .json({ id: result.id, reference: result.reference, outsideArea: result.coverage === 'outside' });
  };
}

const enquiryId = (req: Request) => idParam(req, 'The enquiry id must be a positive whole number.');

const notFound = () => new HttpError(404, 'That enquiry does not exist. It may have been deleted.');

const statusValues = enquiryStatuses.join(', ');

/** The inbox's filters and page (`?status=&q=&before=&limit=`). */
const inboxQuerySchema = z.object({
  status: z.optional(z.enum(enquiryStatuses, `status must be one of ${statusValues}.`)),
  q: z.optional(textParam('q').check(z.maxLength(200, 'q must be 200 characters or fewer.'))),
  before: z.optional(idQueryParam('before must be an enquiry id.')),
  limit: z._default(wholeNumberParam('limit', 1, 200), 50),
});

const statusSchema = z.object({
  status: z.enum(enquiryStatuses, `Choose one of ${statusValues}`),
});

const noteSchema = z.object({
  text: z.string('Write the note').check(
    z.refine((value) => value.trim().length > 0, 'Write the note'),
    z.maxLength(enquiryNoteMaxLength, `Must be ${enquiryNoteMaxLength} characters or fewer`),
  ),
});

/** The staff inbox, mounted at /enquiries: every route here sits behind the sign-in guard. */
export function adminEnquiriesRouter(db: Database, requireUser: RequestHandler) {
  const router = Router();
  router.use(requireUser);
  router.get('/', listEnquiries(db));
  router.get('/export.csv', exportEnquiries(db));
  router.get('/counts', countByStatus(db));
  router.put('/:id/mark-contacted', markEnquiryContacted(db));
  router.put('/:id/status', moveEnquiry(db));
  router.post('/:id/notes', addNote(db));
  router.delete('/:id', removeEnquiry(db));
  return router;
}

/** GET /enquiries: a page of the inbox, filtered. */
function listEnquiries(db: Database) {
  return async (req: Request, res: Response) => {
    // The database writes the page's JSON: it is sent as it comes.
    res.type('json').send(await enquiryPageJson(db, parseQuery(inboxQuerySchema, req)));
  };
}

/** GET /enquiries/export.csv: the enquiries the filters find, as a spreadsheet. */
function exportEnquiries(db: Database) {
  return async (req: Request, res: Response) => {
    const { status, q } = parseQuery(inboxQuerySchema, req);
    // The filter is recorded, not what it found (a search text can be a customer's name).
    await recordStaffActivity(db, req, {
      kind: 'enquiries-exported',
      detail: { status: status ?? null, search: q ? true : false },
    });
    await streamEnquiriesCsv(db, { status, q }, res);
  };
}

/** GET /enquiries/counts: how many enquiries have each status. */
function countByStatus(db: Database) {
  return async (_req: Request, res: Response) => {
    res.json(await countEnquiries(db));
  };
}

/** Answers a move with the enquiry, recording the change if there was one. */
async function answerMove(
  db: Database,
  req: Request,
  res: Response,
  result: Awaited<ReturnType<typeof setEnquiryStatus>>,
) {
  if (!result) throw notFound();
  if (result.moved) {
    await recordStaffActivity(db, req, {
      kind: 'enquiry-status-changed',
      target: `enquiry ${result.enquiry.reference}`,
      detail: { ...result.moved },
    });
  }
  res.json(result.enquiry);
}

/** PUT /enquiries/{id}/mark-contacted: a new enquiry becomes contacted. */
function markEnquiryContacted(db: Database) {
  return async (req: Request, res: Response) => {
    await answerMove(db, req, res, await markContacted(db, enquiryId(req), req.user!));
  };
}

/** PUT /enquiries/{id}/status: the enquiry moved to the status given. */
function moveEnquiry(db: Database) {
  return async (req: Request, res: Response) => {
    const id = enquiryId(req);
    const { status } = parseBody(statusSchema, req.body);
    await answerMove(db, req, res, await setEnquiryStatus(db, id, status, req.user!));
  };
}

/** POST /enquiries/{id}/notes: a staff note added to the enquiry. */
function addNote(db: Database) {
  return async (req: Request, res: Response) => {
    const id = enquiryId(req);
    const { text } = parseBody(noteSchema, req.body);
    const note = await addEnquiryNote(db, id, text, req.user!);
    if (!note) throw notFound();
    // Which note, never its text.
    await recordStaffActivity(db, req, {
      kind: 'enquiry-note-added',
      target: `enquiry ${id}`,
      detail: { note: note.id },
    });
    res.status(201).json(note);
  };
}

/** DELETE /enquiries/{id}: the enquiry erased. */
function removeEnquiry(db: Database) {
  return async (req: Request, res: Response) => {
    const reference = await deleteEnquiry(db, enquiryId(req));
    if (!reference) throw notFound();
    await recordStaffActivity(db, req, { kind: 'enquiry-deleted', target: `enquiry ${reference}` });
    res.status(204).end();
  };
}
