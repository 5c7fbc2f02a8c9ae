import { Router, type Request, type RequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { jobEventSchema, jobLimits, jobNotFoundMessage, jobPaymentSchema } from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { isCalendarDate } from '#common/time/week.ts';
import { recordStaffActivity } from '../activity/service.ts';
import { keptUserPassing, type AuthDependencies } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody, queryText } from '../http/params.ts';
import type { KeptRead } from '../http/kept-reads.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { requireOwner } from '../http/roles.ts';
import { asHttpRefusal, readPicture } from '../images/upload.ts';
import type { JobActor, JobsDependencies } from './dependencies.ts';
import { approvePriceChange, recordJobEvent } from './events.ts';
import { creditInvoice, invoiceForPdf } from './invoices.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { recordPayment, takingsOf } from './payments.ts';
import { createJobReads, type JobReads } from './reads.ts';
import { jobFileBytes, jobFileRefusal, listJobFiles, storeJobFile, type JobFileKind } from './photos.ts';

const jobId = (req: Request) => idParam(req, 'The job id must be a positive whole number.');
const actorOf = (req: Request): JobActor => req.user!;
const notFound = () => new HttpError(404, jobNotFoundMessage);

/** A London date given as `name`, or today. */
function dateQuery(req: Request, today: string): string {
  const date = queryText(req, 'date') ?? today;
  if (!isCalendarDate(date)) throw new HttpError(400, 'date must be a date, YYYY-MM-DD.');
  return date;
}

/** The day GET /api/jobs asks for, and whose jobs: a fitter's own, else all or one fitter's. */
function dayAsked(req: Request, actor: JobActor, clock: () => Date) {
  const date = dateQuery(req, londonDate(clock()));
  const fitter = queryText(req, 'fitter');
  if (fitter !== undefined && !/^[1-9][0-9]{0,9}$/.test(fitter)) {
    throw new HttpError(400, 'fitter must be a fitter’s account id.');
  }
  if (actor.role === 'fitter' && fitter !== undefined && Number(fitter) !== actor.id) {
    throw new HttpError(403, 'Fitters see their own jobs only.');
  }
  const fitterId = actor.role === 'fitter' ? actor.id : fitter === undefined ? undefined : Number(fitter);
  return { date, fitterId };
}

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

  router.get('/jobs', async (req, res) => {
    const { date, fitterId } = dayAsked(req, actorOf(req), deps.clock);
    sendPreparedJson(req, res, await reads.day(date, fitterId));
  });
  router.use(jobActionsRouter(deps, requireUser));
  router.use(jobFilesRouter(deps));
  router.use(invoicesRouter(deps));
  return router;
}

/** What the fitter records of a job (its events and payments), and the office's approval of a price cut. */
function jobActionsRouter(deps: JobsDependencies, requireUser: RequestHandler): Router {
  const router = Router();
  const { db } = deps;
  router.post('/jobs/:id/events', async (req, res) => {
    const id = jobId(req);
    const event = parseBody(jobEventSchema, req.body ?? {}, { nested: true });
    const result = await recordJobEvent(deps, id, event, actorOf(req));
    if (result.status === 404) throw notFound();
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    if (result.status === 409) throw new HttpError(409, result.error);
    if (result.status === 201) {
      await activity(db, req, 'job-updated', `booking ${result.job.reference}`, result.activity);
    }
    res.status(result.status).json(result.job);
  });

  router.post('/jobs/:id/price-approval', requireUser, async (req, res) => {
    const result = await approvePriceChange(deps, jobId(req));
    if (result.status === 404) throw notFound();
    if (result.status === 409) throw new HttpError(409, result.error);
    await activity(db, req, 'job-updated', `booking ${result.job.reference}`, {
      change: 'price-approved',
      invoice: result.invoice,
    });
    res.json(result.job);
  });

  router.post('/jobs/:id/payments', async (req, res) => {
    const id = jobId(req);
    const input = parseBody(jobPaymentSchema, req.body ?? {});
    const result = await recordPayment(deps, id, input, actorOf(req));
    if (result.status === 404) throw notFound();
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    if (result.status === 409) throw new HttpError(409, result.error);
    if (result.status === 201) {
      await activity(db, req, 'payment-taken', `job ${id}`, { method: input.method, amount: input.amount });
    }
    res.status(result.status).json(result.payment);
  });
  return router;
}

/** The job's photos and the customer's signature: stored as the phone sends them, and read back. */
function jobFilesRouter(deps: JobsDependencies): Router {
  const router = Router();
  const { db } = deps;
  router.post('/jobs/:id/photos', async (req, res) => {
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
  });

  router.get('/jobs/:id/photos', async (req, res) => {
    res.json(await listJobFiles(db, await requireJob(db, req)));
  });

  router.get('/jobs/:id/photos/:fileId', async (req, res) => {
    const id = await requireJob(db, req);
    const fileId = String(req.params.fileId);
    if (!/^[1-9][0-9]{0,9}$/.test(fileId))
      throw new HttpError(400, 'The photo id must be a positive whole number.');
    const file = await jobFileBytes(db, id, Number(fileId));
    if (!file) throw new HttpError(404, 'That photo does not exist.');
    res.set({ 'Content-Type': file.contentType, 'Cache-Control': 'private, no-store' }).send(file.bytes);
  });
  return router;
}

/** The job's invoices as PDFs, the owners' credit notes, and the day's takings. */
function invoicesRouter(deps: JobsDependencies): Router {
  const router = Router();
  const { db } = deps;
  router.get('/jobs/:id/invoice.pdf', async (req, res) => {
    const id = await requireJob(db, req);
    const number = queryText(req, 'number');
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
      .send(await renderInvoicePdf(invoice.document, invoice.paid));
  });

  router.post('/jobs/:id/credit-notes', requireOwner, async (req, res) => {
    const id = jobId(req);
    const input = parseBody(creditNoteSchema, req.body ?? {});
    const result = await creditInvoice(deps, id, input);
    if (result.status === 404) throw notFound();
    if (result.status === 400) throw new HttpError(400, result.error, result.fieldErrors);
    if (result.status === 409) throw new HttpError(409, result.error);
    await activity(db, req, 'credit-note-issued', `credit note ${result.number}`, { amount: result.total });
    res.status(201).json({ number: result.number, total: result.total });
  });

  router.get('/takings', requireOwner, async (req, res) => {
    res.json(await takingsOf(db, dateQuery(req, londonDate(deps.clock()))));
  });
  return router;
}
