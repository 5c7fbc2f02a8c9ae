import { sql } from 'drizzle-orm';
import type { EnquiryPayload } from '#common/enquiries/enquiry.ts';
import { remindersConsentWording } from '#common/reminders/consent.ts';
import { contactByWording } from '#common/messages/contact.ts';
import { keptFor } from '#common/util/kept-for.ts';
import { selectRows, type Database } from '../db/client.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { enquiries, outbox } from '../db/schema.ts';
import { countHits, hitCounterOf, type RateLimitHit, type RateLimitResult } from '../http/rate-limit.ts';

/**
 * Storing enquiries from the public site: the client's hit counted, the enquiry and its e-mails
 * written together, in statements shared by the enquiries that arrive meanwhile.
 */

type StoreEnquiryResult =
  { id: number; reference: string; limit: RateLimitResult } | { id: null; limit: RateLimitResult };

/** A checked enquiry and what the covered area made of its postcode. */
export type EnquiryToStore = EnquiryPayload & { outsideArea: boolean };

type Submission = { payload: EnquiryToStore; hit: RateLimitHit; at: Date };

/**
 * Counts the client's submission against its limit and, when within it, stores the enquiry, the
 * staff notification and the customer's acknowledgement to send. Each enquiry is written with its
 * e-mails in one statement, so one transaction: an enquiry never exists without its
 * notification, nor the other way round. The e-mails' payloads are of the shape mails.ts reads
 * back (`enquiryMails`, checked when the outbox sends them). Submissions that arrive together
 * share statements (db/group-commit.ts).
 */
export function createEnquiryWithinLimit(
  db: Database,
  payload: EnquiryToStore,
  limitHit: RateLimitHit,
  at: Date,
): Promise<StoreEnquiryResult> {
  return keptFor(
    writers,
    db,
    () => new GroupCommit((batch: Submission[]) => storeBatch(db, batch), hitCounterOf),
  ).add({ payload, hit: limitHit, at });
}

const writers = new WeakMap<Database, GroupCommit<Submission, StoreEnquiryResult>>();

/**
 * One statement for the whole batch. Each enquiry's id is drawn before its row is inserted, so
 * that the answer can say which submission got which id; a refused one draws none. Only what
 * the caller needs comes back (the count and the id), which keeps the result small to parse.
 */
async function storeBatch(db: Database, batch: Submission[]): Promise<StoreEnquiryResult[]> {
  const input = batch.map(({ payload, hit, at }, ord) => ({
    ord,
    at: at.toISOString(),
    key: hit.key,
    window_start: hit.windowStart,
    max: hit.max,
    name: payload.name,
    email: payload.email,
    phone: payload.phone || null,
    vehicle: payload.vehicle || null,
    registration: payload.registration || null,
    service: payload.service || null,
    message: payload.message,
    postcode: payload.postcode || null,
    outside_area: payload.outsideArea,
    reminders_consent: payload.remindersConsent,
    contact_by: payload.contactBy ?? 'email',
    contact_by_at: payload.contactBy === undefined ? null : at.toISOString(),
    contact_by_wording: payload.contactBy === undefined ? null : contactByWording(payload.contactBy),
  }));
  const rows = await selectRows<{ ord: number; hits: number; id: number | null; reference: string | null }>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as input (
            ord int, at timestamptz, key text, window_start timestamptz, max int,
            name text, email text, phone text, vehicle text, registration text, service text, message text,
            postcode text, outside_area boolean, reminders_consent boolean, contact_by text,
            contact_by_at timestamptz, contact_by_wording text
          )
        ),
        hit as (${countHits(sql`input`)}),
        verdict as (
          select input.*, hit.hits,
            case when hit.hits <= input.max then nextval(pg_get_serial_sequence('enquiries', 'id'))::int end as id
          from input join hit using (key, window_start)
        ),
        enquiry as (
          insert into ${enquiries} (id, reference, created_at, name, email, phone, vehicle, registration, service, message,
            postcode, outside_area, reminders_consent, reminders_consent_at, reminders_consent_wording,
            contact_by, contact_by_at, contact_by_wording)
          select id, next_enquiry_reference(at), at, name, email, phone, vehicle, registration, service, message,
            postcode, outside_area, reminders_consent, at, ${remindersConsentWording}, contact_by, contact_by_at,
            contact_by_wording
          from verdict where id is not null order by id
          returning id, name, email, phone, vehicle, service, message, postcode,
            outside_area as "outsideArea", contacted,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
            reference
        ),
        notification as (
          insert into ${outbox} (kind, payload)
          select kind, jsonb_build_object('kind', kind, 'enquiry', to_jsonb(enquiry))
          from enquiry cross join (values ('enquiry-received'), ('enquiry-acknowledgement')) as mail (kind)
          order by id, kind desc
        )
        select verdict.ord, verdict.hits, verdict.id, enquiry.reference
        from verdict left join enquiry using (id)`,
  );
  const results: StoreEnquiryResult[] = [];
  for (const { ord, hits, id, reference } of rows) {
    const limit = batch[ord]!.hit.verdict(hits);
    results[ord] = id === null || reference === null ? { id: null, limit } : { id, reference, limit };
  }
  return results;
}
