import { and, eq, isNotNull } from 'drizzle-orm';
import type { ChargedLine } from '#common/jobs/invoice.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import {
  linesReasonMessage,
  jobEventRefusal,
  noPriceChangeHeldMessage,
  type Job,
  type JobEvent,
  type JobRecord,
} from '#common/jobs/jobs.ts';
import type { Booking } from '#common/bookings/booking.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { linesText, linesTotal, reductionPastLimit, sameLines } from '#common/jobs/lines.ts';
import type { Database } from '../db/client.ts';
import { bookings, enquiryNotes, jobEvents, jobs, outbox, users } from '../db/schema.ts';
import { firstNameOf } from '#common/accounts/staff-names.ts';
import { idempotencyConflictMessage, requestHash, sameRequest } from '../http/idempotency.ts';
import { completeBooking, lockBooking } from '../bookings/records.ts';
import { textBooking, textLinkKeyIf } from '../bookings/texts.ts';
import type { JobActor, JobsDependencies } from './dependencies.ts';
import { recordCompletedJob } from '../reminders/schedule.ts';
import { issueInvoice, sellerOf } from './invoices.ts';
import { chargedLinesOf, findJobRow, jobOf, type JobRow } from './list.ts';

/** What the activity log keeps of an action: its kind, and a change of the lines in full. */
type JobEventActivity = Record<string, string | number>;

/**
 * How the customer's e-mails name the booking's fitter: the first word of their display name, or
 * null (no name) without one. Never the username: an account's username is half of its sign-in.
 */
async function fitterFirstName(tx: Database, booking: Booking): Promise<string | null> {
  if (!booking.fitter) return null;
  const [fitter] = await tx
    .select({ displayName: users.displayName })
    .from(users)
    .where(eq(users.id, booking.fitter.id));
  return firstNameOf(fitter?.displayName);
}

type JobEventResult =
  | { status: 200; job: Job }
  | { status: 201; job: Job; activity: JobEventActivity }
  | { status: 404 }
  | { status: 409; error: string }
  | { status: 400; error: string; fieldErrors: Record<string, string[]> };

/**
 * Records what a fitter (or the office) did on a job, once per idempotency key: a repeat of a
 * key with the same action is answered as the first time was, and changes nothing; the key with
 * another action is refused. "On my way" e-mails the customer; "Completed" stores the job record,
 * completes the booking, issues the invoice and queues the job report, unless the fitter cut the
 * booking's price by more than the owner's limit: then the invoice waits for the office's
 * approval (approvePriceChange); "Could not complete" hands the job back to the office.
 */
export async function recordJobEvent(
  deps: JobsDependencies,
  id: number,
  event: JobEvent,
  actor: JobActor,
): Promise<JobEventResult> {
  const [content, settings] = await Promise.all([deps.content(), deps.settings()]);
  const linkKey = event.type === 'on-the-way' ? await textLinkKeyIf(deps.texts, deps.db) : null;
  const now = deps.clock();
  const hash = requestHash(event);
  let queued = false;
  const result = await deps.db.transaction(async (tx): Promise<JobEventResult> => {
    // The booking's lock makes a job's actions one at a time, repeats included.
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking || (actor.role === 'fitter' && booking.fitter?.id !== actor.id)) return { status: 404 };
    const [earlier] = await tx
      .select({ answer: jobEvents.answer, requestHash: jobEvents.requestHash })
      .from(jobEvents)
      .where(and(eq(jobEvents.bookingId, id), eq(jobEvents.idempotencyKey, event.idempotencyKey)));
    if (earlier) {
      return sameRequest(earlier.requestHash, hash)
        ? { status: 200, job: earlier.answer as Job }
        : { status: 409, error: idempotencyConflictMessage(event.idempotencyKey) };
    }
    if (booking.status === 'cancelled') return { status: 409, error: 'This booking was cancelled.' };

    const row = (await findJobRow(tx, id))!;
    const before = jobOf(row, content);
    const refusal = jobEventRefusal(before.status, event.type);
    if (refusal) return { status: 409, error: refusal };

    const setJob = (fields: Partial<typeof jobs.$inferInsert>) =>
      tx
        .insert(jobs)
        .values({ bookingId: id, ...fields, updatedAt: now })
        .onConflictDoUpdate({ target: jobs.bookingId, set: { ...fields, updatedAt: now } });
    let detail: Record<string, unknown> = {};
    let activity: JobEventActivity = {};

    switch (event.type) {
      case 'on-the-way': {
        const eta = event.eta ?? booking.start;
        detail = { eta };
        await setJob({ status: 'on-the-way', eta, onTheWayAt: now });
        // The customer hears once; a later time given again only changes what the office sees.
        if (before.status === 'scheduled') {
          const text = await textBooking(tx, {
            kind: 'on-my-way',
            bookingId: id,
            context: {
              linkKey,
              settings,
              businessName: content.business.companyName,
              publicUrl: deps.publicUrl,
            },
            facts: { eta },
          });
          if (text.emails)
            await tx.insert(outbox).values({
              kind: 'job-on-the-way',
              payload: { kind: 'job-on-the-way', booking, eta, fitter: await fitterFirstName(tx, booking) },
            });
          queued = true;
        }
        break;
      }
      case 'arrived':
        await setJob({ status: 'arrived', arrivedAt: now });
        break;
      case 'not-completed':
        detail = { reason: event.reason };
        await setJob({ status: 'not-completed', notCompletedReason: event.reason });
        await tx.insert(enquiryNotes).values({
          enquiryId: booking.enquiryId,
          authorId: actor.id,
          authorName: actor.username,
          text: `Could not complete the job: ${event.reason}`,
        });
        break;
      case 'completed': {
        const completed = await completeJob(tx, deps, { row, booking, content, settings, event, actor, now });
        if ('status' in completed) return completed;
        ({ detail, activity } = completed);
        queued = !completed.held;
        break;
      }
    }
    const job = jobOf((await findJobRow(tx, id))!, content);
    await tx.insert(jobEvents).values({
      bookingId: id,
      type: event.type,
      idempotencyKey: event.idempotencyKey,
      requestHash: hash,
      actorId: actor.id,
      actorName: actor.username,
      detail,
      answer: job,
    });
    return { status: 201, job, activity: { change: event.type, ...activity } };
  });
  if (queued) deps.onQueued?.();
  if (result.status === 201 && event.type === 'completed') {
    deps.onBookingChanged?.();
    deps.vehicles?.named(result.job.registration);
  }
  return result;
}

/**
 * Issues a completed job's invoice and queues its job report, sent a little later so that a
 * payment taken at the kerb just after shows as paid. The supply date is the day of the work.
 */
async function invoiceAndReport(
  tx: Database,
  deps: JobsDependencies,
  {
    row,
    lines,
    content,
    settings,
    booking,
    record,
    now,
    supplied = now,
  }: {
    row: JobRow;
    lines: readonly ChargedLine[];
    content: SiteContent;
    settings: BusinessSettings;
    booking: Booking;
    record: JobRecord;
    now: Date;
    supplied?: Date;
  },
) {
  const invoice = await issueInvoice(tx, {
    kind: 'invoice',
    row,
    lines,
    seller: sellerOf(content, settings.invoicing),
    vatRatePercent: settings.invoicing.vatRatePercent,
    now,
    supplied,
  });
  await tx.insert(outbox).values({
    kind: 'job-report',
    payload: {
      kind: 'job-report',
      booking,
      record,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      fitter: await fitterFirstName(tx, booking),
    },
    nextAttemptAt: new Date(now.getTime() + deps.reportDelayMs),
  });
  return invoice;
}

type PriceApprovalResult =
  { status: 200; job: Job; invoice: string } | { status: 404 } | { status: 409; error: string };

/**
 * The office approves the price a fitter charged past the owner's limit: the invoice is issued
 * now, numbered in turn, dated for the day of the work, and accounts for the payments already
 * taken; the job report follows.
 */
export async function approvePriceChange(deps: JobsDependencies, id: number): Promise<PriceApprovalResult> {
  const [content, settings] = await Promise.all([deps.content(), deps.settings()]);
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx): Promise<PriceApprovalResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking) return { status: 404 };
    const [held] = await tx
      .select({ record: jobs.record, completedAt: jobs.completedAt })
      .from(jobs)
      .where(and(eq(jobs.bookingId, id), isNotNull(jobs.priceHeldAt)));
    if (!held) return { status: 409, error: noPriceChangeHeldMessage };
    const row = (await findJobRow(tx, id))!;
    const invoice = await invoiceAndReport(tx, deps, {
      row,
      lines: chargedLinesOf(row, content),
      content,
      settings,
      booking,
      record: held.record!,
      now,
      supplied: held.completedAt ?? now,
    });
    await tx.update(jobs).set({ priceHeldAt: null, updatedAt: now }).where(eq(jobs.bookingId, id));
    return { status: 200, job: jobOf((await findJobRow(tx, id))!, content), invoice: invoice.number };
  });
  if (result.status === 200) deps.onQueued?.();
  return result;
}

/**
 * "Completed": the lines charged (the booking's, or the fitter's with a reason), the job's
 * record, the booking completed and its reminders; the invoice and report unless the price cut
 * goes past the owner's limit, which holds them for approval.
 */
async function completeJob(
  tx: Database,
  deps: JobsDependencies,
  {
    row,
    booking,
    content,
    settings,
    event,
    actor,
    now,
  }: {
    row: NonNullable<Awaited<ReturnType<typeof findJobRow>>>;
    booking: Booking;
    content: SiteContent;
    settings: BusinessSettings;
    event: Extract<JobEvent, { type: 'completed' }>;
    actor: JobActor;
    now: Date;
  },
): Promise<
  | { status: 400; error: string; fieldErrors: Record<string, string[]> }
  | { detail: Record<string, unknown>; activity: JobEventActivity; held: boolean }
> {
  const setJob = (fields: Partial<typeof jobs.$inferInsert>) =>
    tx
      .insert(jobs)
      .values({ bookingId: booking.id, ...fields, updatedAt: now })
      .onConflictDoUpdate({ target: jobs.bookingId, set: { ...fields, updatedAt: now } });
  const booked = chargedLinesOf({ ...row, lines: null }, content);
  const changed = event.lines !== undefined && !sameLines(event.lines, booked);
  if (changed && !event.linesReason) {
    return { status: 400, error: invalidFieldsMessage, fieldErrors: { linesReason: [linesReasonMessage] } };
  }
  const lines = changed ? event.lines! : booked;
  const held =
    changed &&
    reductionPastLimit(linesTotal(booked), linesTotal(lines), settings.invoicing.reductionLimitPercent);
  const detail = changed ? { linesBefore: booked, lines, linesReason: event.linesReason, held } : {};
  const activity: JobEventActivity = changed
    ? {
        linesBefore: linesText(booked),
        linesAfter: linesText(lines),
        reason: event.linesReason!,
        ...(held && { invoice: 'held for approval' }),
      }
    : {};
  await setJob({
    status: 'completed',
    completedAt: now,
    record: event.record,
    lines: changed ? lines : null,
    linesReason: changed ? event.linesReason! : null,
    priceHeldAt: held ? now : null,
  });
  await completeBooking(tx, booking, actor);
  await recordCompletedJob(tx, booking, now, settings.reminders, event.record);
  // A held job takes no invoice number until approved, so that the numbers have no gaps.
  if (!held) {
    await invoiceAndReport(tx, deps, { row, lines, content, settings, booking, record: event.record, now });
  }
  return { detail, activity, held };
}
