// The statement that stores bookings from the public site (server/bookings/store.ts): one for
// the bookings that arrive together, which counts each client's hit, keeps the tyres held by
// bookings not yet confirmed within their holders' limit, reserves their tyres from own stock,
// takes a place of each window while one is left and stores each booking so placed with its
// enquiry and e-mails (docs/decisions/012 and 020).
import { sql, type SQL } from 'drizzle-orm';
import { remindersConsentWording } from '#common/reminders/consent.ts';
import { contactByWording } from '#common/messages/contact.ts';
import { maxTyresHeld } from '#common/bookings/holds.ts';
import { keptFor } from '#common/util/kept-for.ts';
import type { Database } from '../db/client.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { bookingPlaces, bookings, enquiries, outbox, routeDays, tyreHolds, tyres } from '../db/schema.ts';
import { statementFunction } from '../db/statement-function.ts';
import { countHits, hitCounterOf, type RateLimitHit } from '../http/rate-limit.ts';
import { enquiryMessage, lockingNutsOf, type Checked } from './checked-booking.ts';
import { bookingJson } from './records.ts';

export type { BookingRoute, Checked } from './checked-booking.ts';

type BookingToStore = {
  checked: Checked;
  hit: RateLimitHit;
  /** When it was asked for, by the product's clock: the booking's and its enquiry's time and month. */
  at: Date;
  tokenHash: string;
  token: string;
  /** Who its tyres from own stock are held for (common/bookings/holds.ts); none without them. */
  holders: readonly string[];
  /**
   * How the customer hears of it: whether the confirmation e-mail goes, and the confirmation
   * text, written but for its reference (`{reference}`, which the statement gives), if one goes.
   */
  contact: { confirmationEmail: boolean; text: { phone: string; body: string; link: string } | null };
};
export type StoredBooking = {
  hits: number;
  reference: string | null;
  /** The booking's tyres from own stock were gone: nothing was stored. */
  tyresRefused: boolean;
  /** Its holders' bookings not yet confirmed held too many tyres for these too: nothing was stored. */
  heldRefused: boolean;
  /** The places the window has left after the statement, if it asked for one. */
  free: number | null;
  /** Its van's day changed since it was read: nothing was stored (work out the route again). */
  routeRefused: boolean;
};

const writers = new WeakMap<Database, GroupCommit<BookingToStore, StoredBooking>>();

/**
 * The keys a booking must not share with another of its statement: its rate-limit counter, and
 * its holders, so that the tyres its holders hold are counted with every other booking of theirs
 * stored, never beside one stored in the same statement.
 */
const batchKeysOf = (booking: BookingToStore) => {
  const { route, slot } = booking.checked;
  return [hitCounterOf(booking), ...booking.holders, ...(route ? [`route ${slot.date} ${route.van}`] : [])];
};

/** Stores a booking, sharing a statement with those that arrive meanwhile (db/group-commit.ts). */
export const storeBooking = (db: Database, booking: BookingToStore) =>
  keptFor(
    writers,
    db,
    () => new GroupCommit((batch: BookingToStore[]) => storeBookings(db, batch), batchKeysOf),
  ).add(booking);

/**
 * The tyres held from own stock by bookings not yet confirmed (status `booked`: staff confirm a
 * booking in the diary) under `holder`: `tyre_holds` has a row per holder of each such booking
 * and loses it when the booking stops holding them (drizzle/0028), so this reads that holder's
 * few rows whatever the number of bookings.
 */
const heldUnder = (holder: SQL) =>
  sql`coalesce((select sum(held.quantity) from ${tyreHolds} as held where held.holder = ${holder}), 0)`;

/** The statement of `storeBookings`, kept in the database (db/statement-function.ts). */
const storeBookingsStatement = statementFunction<StoreBookingsRow>({
  name: 'store_bookings',
  parameter: 'batch jsonb',
  columns:
    'ord int, hits int, reference text, free int, tyres_refused boolean, held_refused boolean, route_refused boolean',
  block: sql`declare answered jsonb; holder_lock int;
    begin
      -- The holders of the batch's tyres from stock are locked, in one order, until the
      -- transaction ends: a statement of another process counting the same holder's tyres waits,
      -- then (a new snapshot per statement) counts the bookings this one stored.
      for holder_lock in
        select distinct hashtext(holder) from jsonb_to_recordset(batch) as input (tyre_source text, holders text[])
          cross join unnest(input.holders) as holder
        where input.tyre_source = 'stock' order by 1
      loop
        perform pg_advisory_xact_lock(hashtext('tyre-holders'), holder_lock);
      end loop;
      with input as (
        select * from jsonb_to_recordset(batch) as input (
          ord int, at timestamptz, key text, window_start timestamptz, max int, places_key text, location text, date date,
          start_time text, end_time text, places int, starts_at timestamptz, ends_at timestamptz,
          service text, service_title text, location_name text, name text, email text, phone text,
          registration text, vehicle text, postcode text, address_line text, town text,
          locking_nuts text, locking_nut_key text, outside_area boolean, reminders_consent boolean, reminders_consent_wording text, notes text,
          contact_by text, contact_by_at timestamptz, contact_by_wording text, confirmation_email boolean, text_phone text, text_body text, text_link text,
          message text, token_hash text, token text, tyre_id int, tyre_quantity int, tyre_text text,
          tyre_price int, tyre_source text, holders text[], hold_max int,
          latitude float8, longitude float8, route_van text, route_version int, call_out_pence int,
          route_position int, route_positions jsonb
        )
      ),
      hit as (${countHits(sql`input`)}),
      within_limit as (
        select input.* from input join hit using (key, window_start) where hit.hits <= input.max
      ),
      over_held as (
        select within_limit.ord from within_limit
        where within_limit.tyre_source = 'stock' and exists (
          select 1 from unnest(within_limit.holders) as wanted (holder)
          where within_limit.tyre_quantity + ${heldUnder(sql`wanted.holder`)} > within_limit.hold_max)
      ),
      within_holds as (
        select * from within_limit where ord not in (select ord from over_held)
      ),
      tyre_request as (
        select ord, tyre_id, sum(tyre_quantity) over (partition by tyre_id order by ord)::int as needed
        from within_holds where tyre_source = 'stock'
      ),
      tyre_grant as (
        update ${tyres} as tyre set
          reserved = tyre.reserved + coalesce((select max(request.needed) from tyre_request request
            where request.tyre_id = tyre.id and request.needed <= tyre.stock - tyre.reserved), 0),
          reserve_granted = coalesce((select max(request.needed) from tyre_request request
            where request.tyre_id = tyre.id and request.needed <= tyre.stock - tyre.reserved), 0)
        where tyre.id in (select tyre_id from tyre_request)
        returning tyre.id, tyre.reserve_granted
      ),
      tyre_held as (
        select request.ord from tyre_request request join tyre_grant on tyre_grant.id = request.tyre_id
        where request.needed <= tyre_grant.reserve_granted
      ),
      -- A van's day is claimed at the version its route was worked out from; a claim from an
      -- older version (another booking took its day meanwhile) matches no row and stores nothing.
      route_claim as (
        insert into ${routeDays} as day (date, van, version)
        select date, route_van, route_version + 1 from within_holds
        where route_van is not null order by date, route_van
        on conflict (date, van) do update set version = day.version + 1
        where day.version = excluded.version - 1
        returning day.date, day.van
      ),
      allowed as (
        select * from within_holds
        where (tyre_source is distinct from 'stock' or ord in (select ord from tyre_held))
          and (route_van is null or exists (select 1 from route_claim
            where route_claim.date = within_holds.date and route_claim.van = within_holds.route_van))
      ),
      wanted as (
        select places_key, date, start_time, max(places) as places, count(*)::int as wanted
        from allowed group by places_key, date, start_time
      ),
      place as (
        insert into ${bookingPlaces} as place (location, date, start_time, taken, granted)
        select places_key, date, start_time, least(wanted, places), least(wanted, places)
        from wanted order by places_key, date, start_time
        on conflict (location, date, start_time) do update
        set taken = greatest(place.taken, least(place.taken + excluded.taken, (
              select wanted.places from wanted where wanted.places_key = excluded.location
                and wanted.date = excluded.date and wanted.start_time = excluded.start_time))),
          granted = greatest(place.taken, least(place.taken + excluded.taken, (
              select wanted.places from wanted where wanted.places_key = excluded.location
                and wanted.date = excluded.date and wanted.start_time = excluded.start_time))) - place.taken
        returning location as places_key, date, start_time, taken, granted
      ),
      ranked as (
        select allowed.*, row_number() over (
          partition by allowed.places_key, allowed.date, allowed.start_time order by allowed.ord) as rank
        from allowed
      ),
      winner as (
        select ranked.*, nextval((select pg_get_serial_sequence('enquiries', 'id')::regclass))::int as enquiry_id
        from ranked join place using (places_key, date, start_time)
        where ranked.rank <= place.granted
      ),
      -- The van's other jobs take their places in the route the booking was routed by.
      route_order as (
        update ${bookings} as job set route_position = moved.planned
        from winner cross join jsonb_to_recordset(winner.route_positions) as moved (id int, planned int)
        where winner.route_van is not null and moved.id = job.id
        returning job.id
      ),
      enquiry as (
        insert into ${enquiries} (id, reference, created_at, name, email, phone, vehicle, service, message,
          postcode, outside_area, status, contacted, contacted_at, reminders_consent, reminders_consent_at,
          reminders_consent_wording, contact_by, contact_by_at, contact_by_wording)
        select enquiry_id, next_booking_reference(at), at, name, email, phone, vehicle, service, message,
          postcode, outside_area, 'booked', true, at, reminders_consent, at, reminders_consent_wording,
          contact_by, contact_by_at, contact_by_wording
        from winner order by enquiry_id
        returning id, reference
      ),
      ${bookings} as (
        insert into ${bookings} (enquiry_id, reference, service, service_title, location, location_name,
          places_key, date, start_time, end_time, starts_at, ends_at, name, email, phone, registration, vehicle,
          postcode, address_line, town, locking_nuts, locking_nut_key, outside_area, notes, manage_token_hash,
          tyre_id, tyre_quantity,
          tyre_text, tyre_price_pence, total_pence, tyre_source, reminders_consent, reminders_consent_at,
          reminders_consent_wording, contact_by, contact_by_at, contact_by_wording,
          latitude, longitude, route_van, route_position, call_out_pence, created_at, updated_at)
        select enquiry.id, enquiry.reference, service, service_title, location, location_name,
          places_key, date, start_time, end_time, starts_at, ends_at, name, email, phone, registration, vehicle,
          postcode, address_line, town, locking_nuts, locking_nut_key, outside_area, notes, token_hash,
          tyre_id, tyre_quantity,
          tyre_text, tyre_price, tyre_price * tyre_quantity, tyre_source, reminders_consent, at,
          reminders_consent_wording, contact_by, contact_by_at, contact_by_wording,
          latitude, longitude, route_van, route_position, coalesce(call_out_pence, 0), at, at
        from winner join enquiry on enquiry.id = winner.enquiry_id
        order by enquiry.id
        returning *, ${bookingJson}::jsonb as json
      ),
      hold as (
        insert into ${tyreHolds} (holder, booking_id, quantity)
        select holder, ${bookings.id}, winner.tyre_quantity
        from ${bookings} join winner on winner.enquiry_id = ${bookings.enquiryId}
          cross join unnest(winner.holders) as holder
        where winner.tyre_source = 'stock'
      ),
      mail as (
        insert into ${outbox} (kind, payload)
        select kind, jsonb_build_object('kind', kind, 'booking', ${bookings}.json, 'sequence', 0)
          || case when kind = 'booking-confirmation' then jsonb_build_object('manageToken', winner.token) else '{}'::jsonb end
        from ${bookings} join winner on winner.enquiry_id = ${bookings.enquiryId}
          cross join (values ('booking-received'), ('booking-confirmation')) as mails (kind)
        where kind <> 'booking-confirmation' or winner.confirmation_email
        order by ${bookings.id}, kind desc
      ),
      text as (
        insert into ${outbox} (kind, channel, payload)
        select 'text', 'text', jsonb_build_object('kind', 'text', 'text', 'booking-confirmation',
          'phone', winner.text_phone, 'body', replace(winner.text_body, '{reference}', ${bookings.reference}),
          'link', winner.text_link, 'bookingId', ${bookings.id}, 'enquiryId', ${bookings.enquiryId})
        from ${bookings} join winner on winner.enquiry_id = ${bookings.enquiryId}
        where winner.text_phone is not null
        order by ${bookings.id}
      )
      select coalesce(jsonb_agg(answer), '[]'::jsonb) into answered from (
        select input.ord, hit.hits, ${bookings.reference} as reference,
          input.places - place.taken as free,
          input.tyre_source = 'stock' and hit.hits <= input.max
            and input.ord not in (select ord from over_held)
            and input.ord not in (select ord from tyre_held) as tyres_refused,
          input.ord in (select ord from over_held) as held_refused,
          input.route_van is not null and hit.hits <= input.max and input.ord not in (select ord from over_held)
            and not exists (select 1 from route_claim
              where route_claim.date = input.date and route_claim.van = input.route_van) as route_refused,
          input.ord in (select ord from tyre_held) as tyres_held,
          input.tyre_id, input.tyre_quantity
        from input join hit using (key, window_start)
          left join place using (places_key, date, start_time)
          left join winner using (ord)
          left join ${bookings} on ${bookings.enquiryId} = winner.enquiry_id
      ) as answer;
      -- The tyres held for a booking whose window then had no place left go back (a statement
      -- changes a row once, so this is the next one, in the same call).
      update ${tyres} as tyre set reserved = tyre.reserved - back.quantity
      from (
        select answer.tyre_id, sum(answer.tyre_quantity)::int as quantity
        from jsonb_to_recordset(answered) as answer (tyre_id int, tyre_quantity int, tyres_held boolean, reference text)
        where answer.tyres_held and answer.reference is null
        group by answer.tyre_id
      ) as back
      where tyre.id = back.tyre_id;
      return query select * from jsonb_to_recordset(answered) as answer (
        ord int, hits int, reference text, free int, tyres_refused boolean, held_refused boolean,
        route_refused boolean);
    end`,
});

type StoreBookingsRow = {
  ord: number;
  hits: number;
  reference: string | null;
  free: number | null;
  tyres_refused: boolean | null;
  held_refused: boolean | null;
  route_refused: boolean | null;
};

/**
 * One statement for a batch of bookings. It counts each client's hit; refuses a booking with
 * tyres from own stock when one of its holders' bookings not yet confirmed, with its own, would
 * hold more than `maxTyresHeld` (its holders locked first, and no two bookings of the batch
 * sharing one); then, for each window
 * asked for (by its places key, so that a branch's MOT tests, its servicing and its tyre work
 * each count their own), takes as many of the places left as the batch's bookings within their
 * limit want: the upsert works on the newest version of the window's row, which a concurrent
 * statement taking places keeps locked until it commits, and records how many it took
 * (`granted`). The first bookings of the batch in each window, up to that number, are stored with
 * their enquiry and e-mails; the others take nothing and store nothing. Answers each booking's
 * count of hits, its reference if stored, and the places its window has left, in the batch's
 * order.
 */
async function storeBookings(db: Database, batch: BookingToStore[]): Promise<StoredBooking[]> {
  const input = batch.map(({ checked, hit, at, tokenHash, token, holders, contact }, ord) => {
    const { payload, slot } = checked;
    return {
      ord,
      at: at.toISOString(),
      key: hit.key,
      window_start: hit.windowStart,
      max: hit.max,
      places_key: checked.placesKey,
      location: payload.location,
      date: slot.date,
      start_time: slot.start,
      end_time: slot.end,
      places: slot.places,
      starts_at: slot.startsAt.toISOString(),
      ends_at: slot.endsAt.toISOString(),
      service: payload.service,
      service_title: checked.serviceTitle,
      location_name: checked.locationName,
      name: payload.name,
      email: payload.email,
      phone: payload.phone,
      registration: payload.registration,
      vehicle: payload.vehicle,
      postcode: payload.postcode || null,
      address_line: payload.addressLine || null,
      town: payload.town || null,
      ...lockingNutsOf(payload),
      outside_area: checked.outsideArea,
      reminders_consent: payload.remindersConsent,
      reminders_consent_wording: remindersConsentWording,
      contact_by: payload.contactBy ?? 'email',
      contact_by_at: payload.contactBy === undefined ? null : at.toISOString(),
      contact_by_wording: payload.contactBy === undefined ? null : contactByWording(payload.contactBy),
      confirmation_email: contact.confirmationEmail,
      text_phone: contact.text?.phone ?? null,
      text_body: contact.text?.body ?? null,
      text_link: contact.text?.link ?? null,
      notes: payload.notes,
      message: enquiryMessage(checked),
      token_hash: tokenHash,
      token,
      tyre_id: checked.tyre?.id ?? null,
      tyre_quantity: checked.tyre?.quantity ?? null,
      tyre_text: checked.tyre?.description ?? null,
      tyre_price: checked.tyre?.price ?? null,
      tyre_source: checked.tyre?.source ?? null,
      holders,
      hold_max: maxTyresHeld,
      latitude: checked.route?.latitude ?? null,
      longitude: checked.route?.longitude ?? null,
      route_van: checked.route?.van ?? null,
      route_version: checked.route?.version ?? null,
      call_out_pence: checked.route?.callOutPence ?? 0,
      route_position: checked.route?.positions.find((entry) => entry.id === -1)?.position ?? null,
      route_positions:
        checked.route?.positions
          .filter((entry) => entry.id !== -1)
          .map(({ id, position }) => ({ id, planned: position })) ?? [],
    };
  });
  const rows = await storeBookingsStatement.run(db, sql`${JSON.stringify(input)}::jsonb`);
  const results: StoredBooking[] = [];
  for (const { ord, hits, reference, free, tyres_refused, held_refused, route_refused } of rows) {
    results[ord] = {
      hits,
      reference,
      free,
      tyresRefused: tyres_refused === true,
      heldRefused: held_refused === true,
      routeRefused: route_refused === true,
    };
  }
  return results;
}
