import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { jobLimits } from '#common/jobs/jobs.ts';
import { bookings, jobFiles } from '../db/schema.ts';
import { lockBooking } from '../bookings/records.ts';
import type { Database } from '../db/client.ts';
import { processPrivatePicture } from '../images/process.ts';
import type { JobActor, JobsDependencies } from './dependencies.ts';
import { idempotencyConflictMessage, requestHash, sameRequest } from '../http/idempotency.ts';

export type JobFileKind = 'photo' | 'signature';

/** A photo or signature as the API lists it (its bytes at `url`, for signed-in staff only). */
export type JobFile = { id: number; kind: JobFileKind; width: number; height: number; url: string };

const fileColumns = { id: jobFiles.id, kind: jobFiles.kind, width: jobFiles.width, height: jobFiles.height };

const listed = (
  bookingId: number,
  row: { id: number; kind: string; width: number; height: number },
): JobFile => ({
  ...row,
  kind: row.kind as JobFileKind,
  url: `/api/jobs/${bookingId}/photos/${row.id}`,
});

export type JobFileResult =
  { status: 200 | 201; file: JobFile } | { status: 404 } | { status: 409; error: string };

/**
 * Keeps a photo of a job (at most six) or the customer's signature (one), once per idempotency
 * key (the same picture again gets the first answer; another under the same key is refused). The picture is decoded and encoded afresh before anything is stored (no metadata, no
 * location), and never served from the public /media.
 */
export async function storeJobFile(
  deps: JobsDependencies,
  bookingId: number,
  { kind, idempotencyKey, file }: { kind: JobFileKind; idempotencyKey: string; file: Buffer },
  actor: JobActor,
): Promise<JobFileResult> {
  // The picture as sent, before it is encoded afresh: the same upload hashes the same.
  const hash = requestHash({
    kind,
    idempotencyKey,
    file: crypto.createHash('sha256').update(file).digest('hex'),
  });
  const picture = await processPrivatePicture(file);
  return deps.db.transaction(async (tx): Promise<JobFileResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, bookingId));
    if (!booking || (actor.role === 'fitter' && booking.fitter?.id !== actor.id)) return { status: 404 };
    const [earlier] = await tx
      .select({ ...fileColumns, requestHash: jobFiles.requestHash })
      .from(jobFiles)
      .where(and(eq(jobFiles.bookingId, bookingId), eq(jobFiles.idempotencyKey, idempotencyKey)));
    if (earlier) {
      const { requestHash: stored, ...file } = earlier;
      return sameRequest(stored, hash)
        ? { status: 200, file: listed(bookingId, file) }
        : { status: 409, error: idempotencyConflictMessage(idempotencyKey) };
    }
    const [kept] = await tx
      .select({ count: count() })
      .from(jobFiles)
      .where(and(eq(jobFiles.bookingId, bookingId), eq(jobFiles.kind, kind)));
    const limit = kind === 'photo' ? jobLimits.photos : 1;
    if (kept!.count >= limit) {
      return {
        status: 409,
        error:
          kind === 'photo'
            ? `A job keeps at most ${jobLimits.photos} photos.`
            : 'This job already has the customer’s signature.',
      };
    }
    const [stored] = await tx
      .insert(jobFiles)
      .values({
        bookingId,
        kind,
        idempotencyKey,
        requestHash: hash,
        contentType: picture.contentType,
        width: picture.width,
        height: picture.height,
        byteSize: picture.bytes.length,
        bytes: picture.bytes,
      })
      .returning(fileColumns);
    return { status: 201, file: listed(bookingId, stored!) };
  });
}

/** A job's photos and signature, oldest first. */
export const listJobFiles = async (db: Database, bookingId: number) =>
  (
    await db
      .select(fileColumns)
      .from(jobFiles)
      .where(eq(jobFiles.bookingId, bookingId))
      .orderBy(asc(jobFiles.id))
  ).map((row) => listed(bookingId, row));

/** One file's bytes, if it belongs to the job. */
export async function jobFileBytes(db: Database, bookingId: number, id: number) {
  const [row] = await db
    .select({ contentType: jobFiles.contentType, bytes: jobFiles.bytes })
    .from(jobFiles)
    .where(and(eq(jobFiles.bookingId, bookingId), eq(jobFiles.id, id)));
  return row ?? null;
}
