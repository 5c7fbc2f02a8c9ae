import { and, eq } from 'drizzle-orm';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { linesReasonMessage, jobEventRefusal, type Job, type JobEvent } from '#common/jobs/jobs.ts';
import { sameLines } from '#common/jobs/lines.ts';
import { bookings, enquiryNotes, jobEvents, jobs, outbox } from '../db/schema.ts';
import { completeBooking, lockBooking } from '../bookings/records.ts';
import type { JobActor, JobsDependencies } from './dependencies.ts';
import { recordCompletedJob } from '../reminders/schedule.ts';
import { reminderSettingsOf } from '#common/reminders/settings.ts';
import { issueInvoice } from './invoices.ts';
import { chargedLinesOf, findJobRow, jobOf } from './list.ts';

export type JobEventResult =
  | { status: 200 | 201; job: Job }
  | { status: 404 }
  | { status: 409; error: string }
  | { status: 400; error: string; fieldErrors: Record<string, string[]> };

/**
 * Records what a fitter (or the office) did on a job, once per idempotency key: a repeat of a
 * key is answered as the first time was, and changes nothing. "On my way" e-mails the customer;
 * "Completed" stores the job record, completes the booking, issues the invoice and queues the
 * job report; "Could not complete" hands the job back to the office with its reason.
 */
export async function recordJobEvent(
  deps: JobsDependencies,
  id: number,
  event: JobEvent,
  actor: JobActor,
): Promise<JobEventResult> {
  const content = await deps.content();
  const now = deps.clock();
  let queued = false;
  const result = await deps.db.transaction(async (tx): Promise<JobEventResult> => {
    // The booking's lock makes a job's actions one at a time, repeats included.
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking || (actor.role === 'fitter' && booking.fitter?.id !== actor.id)) return { status: 404 };
    const [earlier] = await tx
      .select({ answer: jobEvents.answer })
      .from(jobEvents)
      .where(and(eq(jobEvents.bookingId, id), eq(jobEvents.idempotencyKey, event.idempotencyKey)));
    if (earlier) return { status: 200, job: earlier.answer as Job };
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

    switch (event.type) {
      case 'on-the-way': {
        const eta = event.eta ?? booking.start;
        detail = { eta };
        await setJob({ status: 'on-the-way', eta, onTheWayAt: now });
        // The customer hears once; a later time given again only changes what the office sees.
        if (before.status === 'scheduled') {
          await tx.insert(outbox).values({
            kind: 'job-on-the-way',
            // No fitter's name: an account's username is half of its sign-in, not for customers.
            payload: { kind: 'job-on-the-way', booking, eta },
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
        const booked = chargedLinesOf({ ...row, lines: null }, content);
        const changed = event.lines !== undefined && !sameLines(event.lines, booked);
        if (changed && !event.linesReason) {
          return {
            status: 400,
            error: invalidFieldsMessage,
            fieldErrors: { linesReason: [linesReasonMessage] },
          };
        }
        const lines = changed ? event.lines! : booked;
        detail = changed ? { lines, linesReason: event.linesReason } : {};
        await setJob({
          status: 'completed',
          completedAt: now,
          record: event.record,
          lines: changed ? lines : null,
          linesReason: changed ? event.linesReason! : null,
        });
        await completeBooking(tx, booking, actor);
        await recordCompletedJob(tx, booking, now, reminderSettingsOf(content), event.record);
        const invoice = await issueInvoice(tx, { kind: 'invoice', row, lines, content, now });
        // Sent a little later, so that a payment taken at the kerb just after shows as paid.
        await tx.insert(outbox).values({
          kind: 'job-report',
          payload: {
            kind: 'job-report',
            booking,
            record: event.record,
            invoiceId: invoice.id,
            invoiceNumber: invoice.number,
          },
          nextAttemptAt: new Date(now.getTime() + deps.reportDelayMs),
        });
        queued = true;
        break;
      }
    }
    const job = jobOf((await findJobRow(tx, id))!, content);
    await tx.insert(jobEvents).values({
      bookingId: id,
      type: event.type,
      idempotencyKey: event.idempotencyKey,
      actorId: actor.id,
      actorName: actor.username,
      detail,
      answer: job,
    });
    return { status: 201, job };
  });
  if (queued) deps.onQueued?.();
  if (result.status === 201 && event.type === 'completed') deps.onBookingChanged?.();
  return result;
}
