import crypto from 'node:crypto';
import { enquiryHoneypotField, enquirySchema, type SubmitEnquiryResult } from '#common/enquiries/enquiry.ts';
import { fieldErrorsOf, invalidFieldsMessage } from '#common/http/field-errors.ts';
import { coverageOf } from '#common/site-content/postcode.ts';
import type { Database } from '../db/client.ts';
import { clientKey } from '../http/client-key.ts';
import { rateLimitHit, type RateLimit } from '../http/rate-limit.ts';
import type { Logger } from '../logger.ts';
import { createEnquiryWithinLimit } from './store.ts';
import { londonDate } from '#common/time/london.ts';

export type EnquirySubmission = {
  db: Database;
  logger: Logger;
  limit: RateLimit;
  /** Called once an enquiry is stored, so its notification goes out without waiting for a poll. */
  onStored?: () => void;
  /** The postcode districts of the published site content (an empty list checks nothing). */
  coveredDistricts: () => Promise<readonly string[]>;
  /** The product's clock: the enquiry's time, the month of its reference and the limit's window. */
  clock: () => Date;
};

export const tooManyEnquiriesMessage =
  'You have sent several enquiries in a short time. Please wait a few minutes and try again, or call us.';

/**
 * A reference that looks like a real one (ENQ-YYMM-NNNN, or a booking's BK-YYMM-NNNN), for an
 * answer to a robot.
 */
export function decoyReference(now: Date, prefix: 'ENQ' | 'BK' = 'ENQ'): string {
  const [year, month] = londonDate(now).split('-');
  return `${prefix}-${year!.slice(2)}${month}-${String(crypto.randomInt(1, 10_000)).padStart(4, '0')}`;
}

/**
 * One enquiry from the public site, by the JSON API or by a plain form post: honeypot, then
 * validation, then the per-client limit, then storage with its notification.
 */
export async function submitEnquiry(
  { db, logger, limit, onStored, coveredDistricts, clock }: EnquirySubmission,
  body: unknown,
  clientAddress: string | undefined,
): Promise<SubmitEnquiryResult> {
  const now = clock();
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const honeypot = fields[enquiryHoneypotField];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    // Answered like a real submission so the robot learns nothing; nothing is stored or sent.
    logger.info({ honeypot: true }, 'enquiry dropped: honeypot field filled in');
    return {
      status: 201,
      id: crypto.randomInt(1, 2 ** 31 - 1),
      reference: decoyReference(now),
      coverage: 'unknown',
    };
  }
  const parsed = enquirySchema.safeParse(fields);
  if (!parsed.success) {
    return {
      status: 400,
      error: invalidFieldsMessage,
      fieldErrors: fieldErrorsOf(parsed.error),
    };
  }
  // An enquiry from outside the area is still taken: staff decide, the card says so.
  const coverage = coverageOf(parsed.data.postcode, await coveredDistricts()).verdict;
  const stored = await createEnquiryWithinLimit(
    db,
    { ...parsed.data, outsideArea: coverage === 'outside' },
    rateLimitHit(limit, clientKey(clientAddress), now),
    now,
  );
  const { limit: verdict } = stored;
  if (stored.id === null) {
    const retryAfterSeconds = verdict.allowed ? 1 : verdict.retryAfterSeconds;
    logger.warn({ retryAfterSeconds }, 'enquiry refused: rate limit');
    return { status: 429, error: tooManyEnquiriesMessage, retryAfterSeconds };
  }
  logger.info({ enquiryId: stored.id, reference: stored.reference }, 'enquiry stored');
  onStored?.();
  return { status: 201, id: stored.id, reference: stored.reference, coverage };
}
