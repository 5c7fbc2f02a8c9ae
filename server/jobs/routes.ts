import { Router, type Request, type RequestHandler, type Response } from 'express';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  jobEventSchema,
  jobLimits,
  jobNotFoundMessage,
  jobPaymentSchema,
  type NextJobDay,
} from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { recordStaffActivity } from '../activity/service.ts';
import { keptUserPassing, type AuthDependencies } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import {
  calendarDateParam,
  idParam,
  idQueryParam,
  parseBody,
  parseQuery,
  textParam,
} from '../http/params.ts';
import type { KeptRead } from '../http/kept-reads.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { requireOwner } from '../http/roles.ts';
import { asHttpRefusal, readPicture } from '../images/upload.ts';
import type { JobActor, JobsDependencies } from './dependencies.ts';
import { approvePriceChange, recordJobEvent } from './events.ts';
import { creditInvoice, invoiceForPdf } from './invoices.ts';
import { invoicePdfOfToken } from './customer-report.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { recordPayment, takingsOf } from './payments.ts';
import { nextJobDate } from './list.ts';
import { createJobReads, type JobReads } from './reads.ts';
import { jobFileBytes, jobFileRefusal, listJobFiles, storeJobFile, type JobFileKind } from './photos.ts';

const jobId = (req: Request) => idParam(req, 'The job id must be a positive whole number.');
const actorOf = (req: Request): JobActor => req.user!;
const notFound = () => new HttpError(404, jobNotFoundMessage);

/** The day of GET /jobs (`?date=`, today when not given), and whose jobs (`?fitter=`). */
const dayQuerySchema = z.object({
  date: z.optional(calendarDateParam('date')),
  fitter: z.optional(idQueryParam('fitter must be a fitter’s account id.')),
});

/** Whose jobs a request asks for: a fitter's own, else all or one fitter's (`fitter`). */
function whoseJobs(actor: JobActor, fitter: number | undefined) {
  if (actor.role === 'fitter' && fitter !== undefined && fitter !== actor.id) {
    throw new HttpError(403, 'Fitters see their own jobs only.');
  }
  return actor.role === 'fitter' ? actor.id : fitter;
}

/** The day GET /api/jobs asks for, and whose jobs. */
function dayAsked(req: Request, actor: JobActor, clock: () => Date) {
  const { date = londonDate(clock()), fitter } = parseQuery(dayQuerySchema, req);
  return { date, fitterId: whoseJobs(actor, fitter) };
}

/** The day GET /jobs/next looks after (`?after=`, today when not given), and whose jobs (`?fitter=`). */
const nextQuerySchema = z.object({
  after: z.optional(calendarDateParam('after')),
  fitter: z.optional(idQueryParam('fitter must be a fitter’s account id.')),
});

/**
 * GET /api/jobs answered ahead of the middleware (like the tyre search, http/kept-reads.ts) for a
 * session kept in memory; any other request (no session kept, a mistake in it) goes through the
 * router, whose guard and route answer it.
 */
export const keptJobReads = (
  deps: Pick<JobsDependencies, 'clock'>,
  auth: AuthDependencies,
  reads: JobReads,
): KeptRead[] => [
  {
    path: '/api/jobs',
    answer: async (req) => {
      const user = keptUserPassing(req, auth, { allowFitters: true });
      if (!user) throw new Error('not kept');
      const { date, fitterId } = dayAsked(req, user, deps.clock);
      return reads.day(date, fitterId);
    },
  },
];

const keyOf = z.object({ idempotencyKey: jobPaymentSchema.shape.idempotencyKey });
const fileKindOf = (fields: Record<string, string>): JobFileKind =>
  fields.kind === 'signature' ? 'signature' : 'photo';

const creditNoteSchema = z.object({
  reason: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z
      .string()
      .check(
        z.minLength(1, 'Say why the invoice is credited'),
        z.maxLength(jobLimits.reason, `Must be ${jobLimits.reason} characters or fewer`),
      ),
  ),
  amount: z.optional(jobPaymentSchema.shape.amount),
});

/** The job, when the signed-in person may see it: the office any, a fitter their own. */
async function requireJob(db: Database, req: Request) {
  const id = jobId(req);
  const [booking] = await db
    .select({ fitterId: bookings.fitterId })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!booking) throw notFound();
  const actor = actorOf(req);
  if (actor.role === 'fitter' && booking.fitterId !== actor.id) throw notFound();
  return id;
}

const activity = (
  db: Database,
  req: Request,
  kind: 'job-updated' | 'payment-taken' | 'credit-note-issued',
  target: string,
  detail: Record<string, string | number>,
) => recordStaffActivity(db, req, { kind, target, detail });

/**
 * The fitter's day and what follows it, under /api: a fitter reaches their own jobs only (any
 * other job is 404, as if it did not exist), the office every job; takings are for owners. The
 * days are read through `reads` (reads.ts).
 */
export function jobsRouter(
  deps: JobsDependencies,
  {
    requireUser,
    requireAnyUser,
    reads = createJobReads(deps),
  }: { requireUser: RequestHandler; requireAnyUser: RequestHandler; reads?: JobReads },
): Router {
  const router = Router();
  router.use('/jobs', requireAnyUser);
  router.use('/takings', requireUser);
  router.get('/jobs', jobsOfDay(deps, reads));
  router.get('/jobs/next', nextJobDay(deps));
  // What the fitter records of a job (its events and payments), and the office's approval of a price cut.
  router.post('/jobs/:id/events', recordEvent(deps));
  router.post('/jobs/:id/price-approval', requireUser, approvePrice(deps));
  router.post('/jobs/:id/payments', takePayment(deps));
  // The job's photos and the customer's signature: stored as the phone sends them, and read back.
  router.post('/jobs/:id/photos', storePhoto(deps));
  router.get('/jobs/:id/photos', listPhotos(deps));
  router.get('/jobs/:id/photos/:fileId', readPhoto(deps));
  // The job's invoices as PDFs, the owners' credit notes, and the day's takings.
  router.get('/jobs/:id/invoice.pdf', invoicePdf(deps));
  router.post('/jobs/:id/credit-notes', requireOwner, issueCreditNote(deps));
  router.get('/takings', requireOwner, takingsOfDay(deps));
  return router;
}

/**
 * The customer's own: GET /bookings/manage/{token}/invoice.pdf, the VAT invoice of their completed
 * job, reached with the booking's manage link only (kept by no cache, its address sent nowhere).
 */
export function customerJobsRouter(deps: Pick<JobsDependencies, 'db' | 'invoiceLogo'>): Router {
  const router = Router();
  router.get('/bookings/manage/:token/invoice.pdf', async (req: Request, res: Response) => {
    const invoice = await invoicePdfOfToken(deps.db, String(req.params.token), deps.invoiceLogo);
    if (!invoice) {
      throw new HttpError(
        404,
        'There is no invoice for this link: it comes once the job is completed. The link may be mistyped, or the booking was moved (the newest e-mail has the current link).',
      );
    }
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${invoice.filename}"`,
        'Cache-Control': 'private, no-store',
        'Referrer-Policy': 'no-referrer',
      })
      .send(invoice.content);
  });
  return router;
}

/** GET /jobs?date=&fitter=: the day's jobs, a fitter's own or, for the office, all or one fitter's. */
function jobsOfDay({ clock }: JobsDependencies, reads: JobReads) {
  return async (req: Request, res: Response) => {
    const { date, fitterId } = dayAsked(req, actorOf(req), clock);
    sendPreparedJson(req, res, await reads.day(date, fitterId));
  };
}

/** GET /jobs/next?after=&fitter=: the first day after `after` with a job, a fitter's own or, for the office, anyone's or one fitter's. */
function nextJobDay({ db, clock }: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const { after = londonDate(clock()), fitter } = parseQuery(nextQuerySchema, req);
    const answer: NextJobDay = {
      date: await nextJobDate(db, { after, fitterId: whoseJobs(actorOf(req), fitter) }),
    };
    res.json(answer);
  };
}

/** POST /jobs/{id}/events: what the fitter did (arrived, completed…), once for each idempotency key. */
function recordEvent(deps: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const id = jobId(req);
    const event = parseBody(jobEventSchema, req.body ?? {}, { nested: true });
    const result = await recordJobEvent(deps, id, event, actorOf(req));
    if (result.status === 404) throw notFound();
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    if (result.status === 409) throw new HttpError(409, result.error);
    if (result.status === 201) {
      await activity(deps.db, req, 'job-updated', `booking ${result.job.reference}`, result.activity);
    }
    res.status(result.status).json(result.job);
  };
}

/** POST /jobs/{id}/price-approval: the office approves a price cut past the owner's limit. */
function approvePrice(deps: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const result = await approvePriceChange(deps, jobId(req));
    if (result.status === 404) throw notFound();
    if (result.status === 409) throw new HttpError(409, result.error);
    await activity(deps.db, req, 'job-updated', `booking ${result.job.reference}`, {
      change: 'price-approved',
      invoice: result.invoice,
    });
    res.json(result.job);
  };
}

/** POST /jobs/{id}/payments: a payment taken for the job, once for each idempotency key. */
function takePayment(deps: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const id = jobId(req);
    const input = parseBody(jobPaymentSchema, req.body ?? {});
    const result = await recordPayment(deps, id, input, actorOf(req));
    if (result.status === 404) throw notFound();
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    if (result.status === 409) throw new HttpError(409, result.error);
    if (result.status === 201) {
      await activity(deps.db, req, 'payment-taken', `job ${id}`, {
        method: input.method,
        amount: input.amount,
      });
    }
    res.status(result.status).json(result.payment);
  };
}

/** POST /jobs/{id}/photos: a photo of the job, or the customer's signature, stored. */
function storePhoto(deps: JobsDependencies) {
  const { db } = deps;
  return async (req: Request, res: Response) => {
    const id = await requireJob(db, req);
    const { file, fields } = await readPicture(req, res, {
      // The phone sends the key and the kind before the picture: a full job is refused as the
      // picture starts, without keeping its bytes (else before decoding it, in storeJobFile).
      beforePicture: async (sent) => {
        const key = keyOf.safeParse(sent);
        if (!key.success || sent.kind === undefined) return null;
        const refusal = await jobFileRefusal(db, id, { kind: fileKindOf(sent), ...key.data });
        return refusal === null ? null : new HttpError(409, refusal);
      },
    });
    const { idempotencyKey } = parseBody(keyOf, fields);
    const kind = fileKindOf(fields);
    const result = await asHttpRefusal(() =>
      storeJobFile(deps, id, { kind, idempotencyKey, file }, actorOf(req)),
    );
    if (result.status === 404) throw notFound();
    if (result.status === 409) throw new HttpError(409, result.error);
    res.status(result.status).json(result.file);
  };
}

/** GET /jobs/{id}/photos: the job's photos and signature. */
function listPhotos({ db }: JobsDependencies) {
  return async (req: Request, res: Response) => {
    res.json(await listJobFiles(db, await requireJob(db, req)));
  };
}

/** GET /jobs/{id}/photos/{fileId}: one of them, as stored. */
function readPhoto({ db }: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const id = await requireJob(db, req);
    const fileId = String(req.params.fileId);
    if (!/^[1-9][0-9]{0,9}$/.test(fileId))
      throw new HttpError(400, 'The photo id must be a positive whole number.');
    const file = await jobFileBytes(db, id, Number(fileId));
    if (!file) throw new HttpError(404, 'That photo does not exist.');
    res.set({ 'Content-Type': file.contentType, 'Cache-Control': 'private, no-store' }).send(file.bytes);
  };
}

/** Which of the job's invoices (`?number=`, its latest when not given or empty). */
const invoiceQuerySchema = z.object({ number: z.optional(textParam('number')) });

/** GET /jobs/{id}/invoice.pdf?number=: the job's invoice, or one of its credit notes, as a PDF. */
function invoicePdf({ db, invoiceLogo }: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const id = await requireJob(db, req);
    const { number } = parseQuery(invoiceQuerySchema, req);
    const invoice = await invoiceForPdf(db, { bookingId: id, ...(number ? { number } : {}) });
    if (!invoice)
      throw new HttpError(
        404,
        'This job has no invoice yet: it is issued when the job is completed, and a price cut past the owner’s limit once the office approves it.',
      );
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${invoice.document.number}.pdf"`,
        'Cache-Control': 'private, no-store',
      })
      .send(await renderInvoicePdf(invoice.document, invoice.paid, { logo: await invoiceLogo?.() }));
  };
}

/** POST /jobs/{id}/credit-notes: an owner credits the job's invoice, wholly or in part. */
function issueCreditNote(deps: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const id = jobId(req);
    const input = parseBody(creditNoteSchema, req.body ?? {});
    const result = await creditInvoice(deps, id, input);
    if (result.status === 404) throw notFound();
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    if (result.status === 409) throw new HttpError(409, result.error);
    await activity(deps.db, req, 'credit-note-issued', `credit note ${result.number}`, {
      amount: result.total,
    });
    res.status(201).json({ number: result.number, total: result.total });
  };
}

/** The day of GET /takings (`?date=`, today when not given). */
const takingsQuerySchema = z.object({ date: z.optional(calendarDateParam('date')) });

/** GET /takings?date=: the day's takings, for owners. */
function takingsOfDay({ db, clock }: JobsDependencies) {
  return async (req: Request, res: Response) => {
    const { date = londonDate(clock()) } = parseQuery(takingsQuerySchema, req);
    res.json(await takingsOf(db, date));
  };
}
