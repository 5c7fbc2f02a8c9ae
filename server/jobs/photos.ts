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
type JobFile = { id: number; kind: JobFileKind; width: number; height: number; url: string };

const fileColumns = { id: jobFiles.id, kind: jobFiles.kind, width: jobFiles.width, height: jobFiles.height };

const listed = (
  bookingId: number,
  row: { id: number; kind: string; width: number; height: number },
): JobFile => ({
  ...row,
  kind: row.kind as JobFileKind,
  url: `/api/jobs/${bookingId}/photos/${row.id}`,
});

type JobFileResult = { status: 200 | 201; file: JobFile } | { status: 404 } | { status: 409; error: string };

type JobFileAsked = { kind: JobFileKind; idempotencyKey: string };

/** The upload as sent, before its picture is encoded afresh: the same upload hashes the same. */
const uploadHash = ({ kind, idempotencyKey }: JobFileAsked, file: Buffer) =>
  requestHash({ kind, idempotencyKey, file: crypto.createHash('sha256').update(file).digest('hex') });

/**
 * What a job's file is answered without its picture: the file an earlier upload of the same key
 * kept (200; 409 if that upload was another, `hash` given), or the job's limit reached (409, at
 * most six photos and one signature); else null.
 */
async function answeredWithoutPicture(
  db: Pick<Database, 'select'>,
  bookingId: number,
  { kind, idempotencyKey }: JobFileAsked,
  hash?: string,
): Promise<Exclude<JobFileResult, { status: 201 | 404 }> | null> {
  const [earlier] = await db
    .select({ ...fileColumns, requestHash: jobFiles.requestHash })
    .from(jobFiles)
    .where(and(eq(jobFiles.bookingId, bookingId), eq(jobFiles.idempotencyKey, idempotencyKey)));
  if (earlier) {
    const { requestHash: stored, ...file } = earlier;
    return hash === undefined || sameRequest(stored, hash)
      ? { status: 200, file: listed(bookingId, file) }
      : { status: 409, error: idempotencyConflictMessage(idempotencyKey) };
  }
  const [kept] = await db
    .select({ count: count() })
    .from(jobFiles)
    .where(and(eq(jobFiles.bookingId, bookingId), eq(jobFiles.kind, kind)));
  const limit = kind === 'photo' ? jobLimits.photos : 1;
  if (kept!.count < limit) return null;
  return {
    status: 409,
    error:
      kind === 'photo'
        ? `A job keeps at most ${jobLimits.photos} photos.`
        : 'This job already has the customer’s signature.',
  };
}

/**
 * Why a job's file is refused before its picture arrives, or null: the job has all the photos
 * (or the signature) it keeps, and this is not a repeat of an upload already kept.
 */
export async function jobFileRefusal(db: Database, bookingId: number, asked: JobFileAsked) {
  const answer = await answeredWithoutPicture(db, bookingId, asked);
  return answer?.status === 409 ? answer.error : null;
}

/**
 * Keeps a photo of a job (at most six) or the customer's signature (one), once per idempotency
 * key (the same picture again gets the first answer; another under the same key is refused). A repeat or a full job is answered before the picture is decoded; otherwise the picture is
 * decoded and encoded afresh before anything is stored (no metadata, no location), and never
 * served from the public /media.
 */
export async function storeJobFile(
  deps: JobsDependencies,
  bookingId: number,
  { kind, idempotencyKey, file }: JobFileAsked & { file: Buffer },
  actor: JobActor,
): Promise<JobFileResult> {
  const hash = uploadHash({ kind, idempotencyKey }, file);
  // Decoding costs far more than these reads: they are made again under the job's lock below.
  const before = await answeredWithoutPicture(deps.db, bookingId, { kind, idempotencyKey }, hash);
  if (before) return before;
  const picture = await processPrivatePicture(file);
  return deps.db.transaction(async (tx): Promise<JobFileResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, bookingId));
    if (!booking || (actor.role === 'fitter' && booking.fitter?.id !== actor.id)) return { status: 404 };
    const answered = await answeredWithoutPicture(tx, bookingId, { kind, idempotencyKey }, hash);
    if (answered) return answered;
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
