import crypto from 'node:crypto';
import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import {
  bookingHoneypotField,
  bookingNextStatuses,
  isActiveBooking,
  bookingWindowText as windowText,
  cancelTooLateMessage,
  bookingSchema,
  outsideAreaForMobileMessage,
  tooManyBookingsMessage,
  windowGoneMessage,
  windowUnavailableMessage,
  type Booking,
  type BookingPayload,
  type CancelBookingResult,
  type CreatedBooking,
  type FreeWindow,
  type ManagedBooking,
  type SubmitBookingResult,
} from '#common/bookings/booking.ts';
import {
  bookingLocationName,
  bookingSettingsOf,
  mobileLocation,
  type BookingSettings,
} from '#common/bookings/settings.ts';
import { availabilityOf, bookableSlots, isBookableNow, outsideNotice, slotAt, type AvailabilityDay, type Slot } from '#common/bookings/slots.ts';
import { londonDate } from '#common/time/london.ts';
import { fieldErrorsOf, invalidFieldsMessage } from '#common/http/field-errors.ts';
import { coverageOf } from '#common/site-content/postcode.ts';
import { keptFor } from '#common/util/kept-for.ts';
import { addDays } from '#common/time/week.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { isoTime, selectRows, type Database } from '../db/client.ts';
import { bookingPlaces, bookings, enquiries, enquiryEvents, enquiryNotes, outbox } from '../db/schema.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { statementFunction } from '../db/statement-function.ts';
import { AvailabilityBoard } from './availability-board.ts';
import { decoyReference } from '../enquiries/submit.ts';
import { countHits, rateLimitHit, type RateLimit, type RateLimitHit } from '../http/rate-limit.ts';
import type { Logger } from '../logger.ts';

/**
 * Online booking: what can be booked (the published booking settings less the places taken),
 * storing a booking so that a window never takes more than its places, the customer's own link to
 * see and cancel it, and the staff's changes. Every change that the customer or staff must hear
 * of queues its e-mails in the transaction that makes it (the outbox sends them).
 */

export type BookingDependencies = {
  db: Database;
  logger: Logger;
  /** The per-client limit of bookings (the enquiries' limit, counted apart). */
  limit: RateLimit;
  clock: () => Date;
  /** The published site content (services, branches, covered districts, booking settings). */
  content: () => Promise<SiteContent>;
  /** The site's origin, for the manage links. */
  publicUrl: string;
  /** Told once e-mails are queued, so that they go without waiting for a poll. */
  onQueued?: () => void;
};

/** A booking in the API's shape (common/bookings/booking.ts), as JSON built by the statement that reads it. */
const bookingJson = sql`json_build_object('id', ${bookings.id}, 'reference', ${bookings.reference},
  'enquiryId', ${bookings.enquiryId}, 'status', ${bookings.status}, 'service', ${bookings.service},
  'serviceTitle', ${bookings.serviceTitle}, 'location', ${bookings.location},
  'locationName', ${bookings.locationName}, 'date', to_char(${bookings.date}, 'YYYY-MM-DD'),
  'start', ${bookings.startTime}, 'end', ${bookings.endTime}, 'startsAt', ${isoTime(bookings.startsAt)},
  'endsAt', ${isoTime(bookings.endsAt)}, 'name', ${bookings.name}, 'email', ${bookings.email},
  'phone', ${bookings.phone}, 'registration', ${bookings.registration}, 'vehicle', ${bookings.vehicle},
  'postcode', ${bookings.postcode}, 'outsideArea', ${bookings.outsideArea}, 'notes', ${bookings.notes},
  'cancelReason', ${bookings.cancelReason}, 'cancelledBy', ${bookings.cancelledBy},
  'createdAt', ${isoTime(bookings.createdAt)}, 'updatedAt', ${isoTime(bookings.updatedAt)})`;

/** The bookings meeting `condition`, in diary order. */
async function selectBookings(db: Database, condition: SQL): Promise<Booking[]> {
  const rows = await selectRows<{ booking: Booking | string }>(
    db,
    sql`select ${bookingJson} as booking from ${bookings} where ${condition}
      order by ${bookings.date}, ${bookings.startTime}, ${bookings.location}, ${bookings.id}`,
  );
  return rows.map((row) =>
    typeof row.booking === 'string' ? (JSON.parse(row.booking) as Booking) : row.booking,
  );
}

export const findBooking = async (db: Database, id: number) =>
  (await selectBookings(db, eq(bookings.id, id)))[0] ?? null;

/** Every booking meeting `condition` (for a subject's export). */
export const listBookingsOf = (db: Database, condition: SQL) => selectBookings(db, condition);

/** The staff diary: bookings from `from` to `to` (London dates, inclusive), cancelled ones too. */
export const listBookings = (db: Database, from: string, to: string) =>
  selectBookings(db, between(bookings.date, from, to));

/** A manage link's token: 256 random bits, base64url. Only its hash is stored. */
export const newManageToken = () => crypto.randomBytes(32).toString('base64url');
export const hashManageToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const manageUrl = (publicUrl: string, token: string) => `${publicUrl}/bookings/manage/${token}`;

/** Places taken in `location`'s windows from `from` to `to`. */
async function takenPlaces(db: Database, location: string, from: string, to: string) {
  const rows = await db
    .select({ date: bookingPlaces.date, start: bookingPlaces.startTime, taken: bookingPlaces.taken })
    .from(bookingPlaces)
    .where(and(eq(bookingPlaces.location, location), between(bookingPlaces.date, from, to)));
  const taken = new Map(rows.map((row) => [`${row.date} ${row.start}`, row.taken]));
  return (date: string, start: string) => taken.get(`${date} ${start}`) ?? 0;
}

/** `days` days from `from` (a London date; today, by the service's clock, when not given). */
export type AvailabilityQuery = { location: string; from?: string; days: number };

/** The windows of `location` with a place left, from today to the end of the booking horizon. */
async function readAvailability(
  db: Database,
  settings: BookingSettings,
  location: string,
  now: Date,
): Promise<AvailabilityDay[]> {
  const slots = bookableSlots(settings, location, londonDate(now), settings.horizonDays + 1, now);
  if (slots.length === 0) return [];
  const taken = await takenPlaces(db, location, slots[0]!.date, slots[slots.length - 1]!.date);
  return availabilityOf(slots, taken);
}

/** What can be booked, kept for a second per database (availability-board.ts). */
const boards = new WeakMap<Database, AvailabilityBoard>();

const boardOf = (db: Database) => keptFor(boards, db, () => new AvailabilityBoard({ ttlMs: 1_000 }));

/** A number per published document (the settings in force are part of what an answer depends on). */
const contentIds = new WeakMap<SiteContent, number>();
let lastContentId = 0;

const contentId = (content: SiteContent) => keptFor(contentIds, content, () => ++lastContentId);

/**
 * The booking settings in force for a published document, worked out once per document (each
 * request of the booking API needs them; a published document never changes, a new one is a new
 * object).
 */
const settingsByContent = new WeakMap<SiteContent, BookingSettings>();

export const settingsOf = (content: SiteContent): BookingSettings =>
  keptFor(settingsByContent, content, bookingSettingsOf);

/** Forgets the kept answers after places were given back here. */
const forgetAvailability = (db: Database) => boards.get(db)?.clear();

/**
 * The windows of `location` with a place left, over `days` days from `from` (GET
 * /api/availability, the booking page).
 */
export async function availability(
  deps: BookingDependencies,
  query: AvailabilityQuery,
): Promise<AvailabilityDay[]> {
  const content = await deps.content();
  // Reckoned from the end of the current minute, so that a window offered here is still
  // outside the notice period for the whole of the minute the answer is kept.
  const now = deps.clock();
  const minute = Math.ceil(now.getTime() / 60_000);
  const days = await boardOf(deps.db).get(query.location, `${contentId(content)} ${minute}`, () =>
    readAvailability(deps.db, settingsOf(content), query.location, new Date(minute * 60_000)),
  );
  const from = query.from ?? londonDate(now);
  const last = addDays(from, query.days - 1);
  return days.filter((day) => day.date >= from && day.date <= last);
}

/** The next free windows of `location` after `after` (the answer to a window that just went). */
async function nextFreeWindows(
  deps: BookingDependencies,
  settings: BookingSettings,
  location: string,
  after: { date: string; start: string },
): Promise<FreeWindow[]> {
  const days = await availability(deps, { location, from: after.date, days: settings.horizonDays + 1 });
  return days
    .flatMap((day) => day.windows.map((window) => ({ date: day.date, ...window })))
    .filter((window) => window.date > after.date || window.start > after.start)
    .slice(0, 5);
}

type Checked = {
  payload: BookingPayload;
  slot: Slot;
  serviceTitle: string;
  locationName: string;
  outsideArea: boolean;
};

/**
 * The booking's choices checked against the published content: a service that is shown, a
 * location that takes bookings, a mobile postcode inside the covered area, and a window the
 * settings have. Whether the window can still be booked (notice, horizon, places) comes after.
 */
function checkChoices(
  content: SiteContent,
  settings: BookingSettings,
  payload: BookingPayload,
):
  | { ok: true; checked: Checked }
  | { ok: false; fieldErrors: Partial<Record<keyof BookingPayload, string[]>> } {
  const service = content.services.find((entry) => entry.visible && entry.slug === payload.service);
  if (!service) return { ok: false, fieldErrors: { service: ['Please select a service'] } };
  const location = settings.locations.find((entry) => entry.key === payload.location && entry.enabled);
  if (!location)
    return { ok: false, fieldErrors: { location: ['Choose where: at your address or at a branch'] } };
  const coverage = coverageOf(payload.postcode, content.areas.coveredDistricts);
  if (payload.location === mobileLocation && coverage.verdict === 'outside') {
    return { ok: false, fieldErrors: { postcode: [outsideAreaForMobileMessage(coverage.district)] } };
  }
  const slot = slotAt(settings, payload.location, payload.date, payload.start);
  if (!slot) return { ok: false, fieldErrors: { start: ['Choose a time from the list'] } };
  return {
    ok: true,
    checked: {
      payload,
      slot,
      serviceTitle: service.title,
      locationName: bookingLocationName(payload.location, content.branches),
      outsideArea: coverage.verdict === 'outside',
    },
  };
}

/** How the booking reads in the enquiry pipeline's message. */
function enquiryMessage({ payload, slot, serviceTitle, locationName }: Checked) {
  return [
    `Online booking: ${serviceTitle}, ${windowText(slot)}, ${locationName}.`,
    `Registration ${payload.registration}.`,
    ...(payload.notes ? ['', payload.notes] : []),
  ].join('\n');
}

/**
 * One booking from the public site (POST /api/bookings or the booking page's form): honeypot,
 * validation, the choices against the published content, then one statement that counts the
 * client's hit, takes a place of the window if one is left, and stores the booking with its
 * enquiry and e-mails. Two customers racing for the last place: the database lets one statement
 * take it; the other takes nothing and stores nothing.
 */
export async function submitBooking(
  deps: BookingDependencies,
  body: unknown,
  clientKey: string,
): Promise<SubmitBookingResult> {
  const { db, logger, clock } = deps;
  const now = clock();
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const parsed = bookingSchema.safeParse(fields);
  const honeypot = fields[bookingHoneypotField];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    logger.info({ honeypot: true }, 'booking dropped: honeypot field filled in');
    const choice = parsed.success ? parsed.data : { service: '', location: '', date: '', start: '' };
    const token = newManageToken();
    return {
      status: 201,
      booking: {
        reference: decoyReference(now),
        service: choice.service,
        serviceTitle: choice.service,
        location: choice.location,
        locationName: choice.location,
        date: choice.date,
        start: choice.start,
        end: choice.start,
        manageUrl: manageUrl(deps.publicUrl, token),
      },
      manageToken: token,
    };
  }
  if (!parsed.success) {
    return { status: 400, error: invalidFieldsMessage, fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const content = await deps.content();
  const settings = settingsOf(content);
  const choices = checkChoices(content, settings, parsed.data);
  if (!choices.ok) return { status: 400, error: invalidFieldsMessage, fieldErrors: choices.fieldErrors };
  const { checked } = choices;
  const { slot } = checked;
  if (!isBookableNow(settings, slot, now)) {
    return {
      status: 409,
      error: windowUnavailableMessage,
      nextFree: await nextFreeWindows(deps, settings, parsed.data.location, slot),
    };
  }
  // A window this process already knows to be full is refused without a statement: when many
  // customers rush for the last places, most answers cost no database work. (Within the second
  // an answer is kept, a place freed by another process may be missed; never one taken.)
  const [known] = await availability(deps, { location: parsed.data.location, from: slot.date, days: 1 });
  if (!known?.windows.some((window) => window.start === slot.start)) {
    return {
      status: 409,
      error: windowGoneMessage,
      nextFree: await nextFreeWindows(deps, settings, parsed.data.location, slot),
    };
  }
  const token = newManageToken();
  const hit = rateLimitHit(deps.limit, clientKey, now);
  const row = await storeBooking(db, { checked, hit, tokenHash: hashManageToken(token), token });
  if (row.free !== null) boardOf(db).noteFree(parsed.data.location, slot.date, slot.start, row.free);
  if (row.hits > hit.max) {
    const verdict = hit.verdict(row.hits);
    const retryAfterSeconds = verdict.allowed ? 1 : verdict.retryAfterSeconds;
    logger.warn({ retryAfterSeconds }, 'booking refused: rate limit');
    return { status: 429, error: tooManyBookingsMessage, retryAfterSeconds };
  }
  if (row.reference === null) {
    logger.info(
      { location: parsed.data.location, date: slot.date, start: slot.start },
      'booking refused: window full',
    );
    return {
      status: 409,
      error: windowGoneMessage,
      nextFree: await nextFreeWindows(deps, settings, parsed.data.location, slot),
    };
  }
  logger.info({ reference: row.reference }, 'booking stored');
  deps.onQueued?.();
  return {
    status: 201,
    booking: {
      reference: row.reference,
      service: parsed.data.service,
      serviceTitle: checked.serviceTitle,
      location: parsed.data.location,
      locationName: checked.locationName,
      date: slot.date,
      start: slot.start,
      end: slot.end,
      manageUrl: manageUrl(deps.publicUrl, token),
    } satisfies CreatedBooking,
    manageToken: token,
  };
}

type BookingToStore = { checked: Checked; hit: RateLimitHit; tokenHash: string; token: string };
type StoredBooking = {
  hits: number;
  reference: string | null;
  /** The places the window has left after the statement, if it asked for one. */
  free: number | null;
};

const writers = new WeakMap<Database, GroupCommit<BookingToStore, StoredBooking>>();

/** Stores a booking, sharing a statement with those that arrive meanwhile (db/group-commit.ts). */
const storeBooking = (db: Database, booking: BookingToStore) =>
  keptFor(
    writers,
    db,
    () =>
      new GroupCommit(
        (batch: BookingToStore[]) => storeBookings(db, batch),
        ({ hit }) => `${hit.key} ${hit.windowStart}`,
      ),
  ).add(booking);

/** The statement of `storeBookings`, kept in the database (db/statement-function.ts). */
const storeBookingsStatement = statementFunction<StoreBookingsRow>({
  name: 'store_bookings',
  parameter: 'batch jsonb',
  columns: 'ord int, hits int, reference text, free int',
  body: sql`with input as (
        select * from jsonb_to_recordset(batch) as input (
          ord int, key text, window_start timestamptz, max int, location text, date date,
          start_time text, end_time text, places int, starts_at timestamptz, ends_at timestamptz,
          service text, service_title text, location_name text, name text, email text, phone text,
          registration text, vehicle text, postcode text, outside_area boolean, notes text,
          message text, token_hash text, token text
        )
      ),
      hit as (${countHits(sql`input`)}),
      allowed as (
        select input.* from input join hit using (key, window_start) where hit.hits <= input.max
      ),
      wanted as (
        select location, date, start_time, max(places) as places, count(*)::int as wanted
        from allowed group by location, date, start_time
      ),
      place as (
        insert into ${bookingPlaces} as place (location, date, start_time, taken, granted)
        select location, date, start_time, least(wanted, places), least(wanted, places)
        from wanted order by location, date, start_time
        on conflict (location, date, start_time) do update
        set taken = greatest(place.taken, least(place.taken + excluded.taken, (
              select wanted.places from wanted where wanted.location = excluded.location
                and wanted.date = excluded.date and wanted.start_time = excluded.start_time))),
          granted = greatest(place.taken, least(place.taken + excluded.taken, (
              select wanted.places from wanted where wanted.location = excluded.location
                and wanted.date = excluded.date and wanted.start_time = excluded.start_time))) - place.taken
        returning location, date, start_time, taken, granted
      ),
      ranked as (
        select allowed.*, row_number() over (
          partition by allowed.location, allowed.date, allowed.start_time order by allowed.ord) as rank
        from allowed
      ),
      winner as (
        select ranked.*, nextval(pg_get_serial_sequence('enquiries', 'id'))::int as enquiry_id
        from ranked join place using (location, date, start_time)
        where ranked.rank <= place.granted
      ),
      enquiry as (
        insert into ${enquiries} (id, name, email, phone, vehicle, service, message, postcode,
          outside_area, status, contacted, contacted_at)
        select enquiry_id, name, email, phone, vehicle, service, message, postcode, outside_area,
          'booked', true, now()
        from winner order by enquiry_id
        returning id, reference
      ),
      ${bookings} as (
        insert into ${bookings} (enquiry_id, reference, service, service_title, location, location_name,
          date, start_time, end_time, starts_at, ends_at, name, email, phone, registration, vehicle,
          postcode, outside_area, notes, manage_token_hash)
        select enquiry.id, enquiry.reference, service, service_title, location, location_name,
          date, start_time, end_time, starts_at, ends_at, name, email, phone, registration, vehicle,
          postcode, outside_area, notes, token_hash
        from winner join enquiry on enquiry.id = winner.enquiry_id
        order by enquiry.id
        returning *
      ),
      mail as (
        insert into ${outbox} (kind, payload)
        select kind, jsonb_build_object('kind', kind, 'booking', ${bookingJson}::jsonb, 'sequence', 0)
          || case when kind = 'booking-confirmation' then jsonb_build_object('manageToken', winner.token) else '{}'::jsonb end
        from ${bookings} join winner on winner.enquiry_id = ${bookings.enquiryId}
          cross join (values ('booking-received'), ('booking-confirmation')) as mails (kind)
        order by ${bookings.id}, kind desc
      )
      select input.ord, hit.hits, ${bookings.reference} as reference,
        input.places - place.taken as free
      from input join hit using (key, window_start)
        left join place using (location, date, start_time)
        left join winner using (ord)
        left join ${bookings} on ${bookings.enquiryId} = winner.enquiry_id`,
});

type StoreBookingsRow = { ord: number; hits: number; reference: string | null; free: number | null };

/**
 * One statement for a batch of bookings. It counts each client's hit; then, for each window
 * asked for, takes as many of the places left as the batch's bookings within their limit want:
 * the upsert works on the newest version of the window's row, which a concurrent statement
 * taking places keeps locked until it commits, and records how many it took (`granted`). The
 * first bookings of the batch in each window, up to that number, are stored with their enquiry
 * and e-mails; the others take nothing and store nothing. Answers each booking's count of hits,
 * its reference if stored, and the places its window has left, in the batch's order.
 */
async function storeBookings(db: Database, batch: BookingToStore[]): Promise<StoredBooking[]> {
  const input = batch.map(({ checked, hit, tokenHash, token }, ord) => {
    const { payload, slot } = checked;
    return {
      ord,
      key: hit.key,
      window_start: hit.windowStart,
      max: hit.max,
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
      outside_area: checked.outsideArea,
      notes: payload.notes,
      message: enquiryMessage(checked),
      token_hash: tokenHash,
      token,
    };
  });
  const rows = await storeBookingsStatement.run(db, sql`${JSON.stringify(input)}::jsonb`);
  const results: StoredBooking[] = [];
  for (const { ord, hits, reference, free } of rows) results[ord] = { hits, reference, free };
  return results;
}

/** What the customer's page shows of a booking. */
function managed(
  booking: Booking,
  settings: Pick<BookingSettings, 'noticeHours'>,
  now: Date,
): ManagedBooking {
  return {
    reference: booking.reference,
    status: booking.status,
    serviceTitle: booking.serviceTitle,
    location: booking.location,
    locationName: booking.locationName,
    date: booking.date,
    start: booking.start,
    end: booking.end,
    name: booking.name,
    registration: booking.registration,
    vehicle: booking.vehicle,
    postcode: booking.postcode,
    canCancel: isActiveBooking(booking.status) && outsideNotice(settings, new Date(booking.startsAt), now),
  };
}

/** A token that cannot be one is not looked up. */
const plausibleToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

async function bookingOfToken(db: Database, token: string) {
  if (!plausibleToken(token)) return null;
  return (await selectBookings(db, eq(bookings.manageTokenHash, hashManageToken(token))))[0] ?? null;
}

/** The customer's view of the booking a manage link names, or null. */
export async function manageBooking(
  deps: BookingDependencies,
  token: string,
): Promise<ManagedBooking | null> {
  const booking = await bookingOfToken(deps.db, token);
  if (!booking) return null;
  return managed(booking, settingsOf(await deps.content()), deps.clock());
}

/** Who changed a booking: a member of staff, or the customer through their link. */
export type BookingActor = { id: number; username: string } | 'customer';

const customerActorName = 'Customer (online)';

/** Moves the booking's enquiry along the pipeline with it, recording who did. */
async function moveEnquiry(
  tx: Database,
  booking: Booking,
  status: 'completed' | 'closed',
  actor: BookingActor,
) {
  const [current] = await tx
    .select({ status: enquiries.status })
    .from(enquiries)
    .where(eq(enquiries.id, booking.enquiryId))
    .for('update');
  if (!current || current.status === status) return;
  await tx.update(enquiries).set({ status, contacted: true }).where(eq(enquiries.id, booking.enquiryId));
  await tx.insert(enquiryEvents).values({
    enquiryId: booking.enquiryId,
    actorId: actor === 'customer' ? null : actor.id,
    actorName: actor === 'customer' ? customerActorName : actor.username,
    fromStatus: current.status,
    toStatus: status,
  });
}

type MailKind = 'booking-moved' | 'booking-cancelled' | 'booking-cancelled-notice';

async function queueMail(
  tx: Database,
  kind: MailKind,
  booking: Booking,
  extra: { manageToken?: string; reason?: string; previous?: string } = {},
) {
  // The calendar entry's SEQUENCE is the booking's count of changes, as this transaction made it.
  await tx.insert(outbox).values({
    kind,
    payload: sql`${JSON.stringify({ kind, booking, ...extra })}::jsonb
      || jsonb_build_object('sequence', (select ${bookings.sequence} from ${bookings} where ${bookings.id} = ${booking.id}))`,
  });
}

/** The booking locked for a change in `tx`, or null. */
async function lockBooking(tx: Database, condition: SQL) {
  const [row] = await tx.select({ id: bookings.id }).from(bookings).where(condition).for('update');
  return row ? findBooking(tx, row.id) : null;
}

/** The customer cancels through their link, up to the notice period. */
export async function cancelByCustomer(
  deps: BookingDependencies,
  token: string,
): Promise<CancelBookingResult> {
  if (!plausibleToken(token)) return { status: 404 };
  const settings = settingsOf(await deps.content());
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx): Promise<CancelBookingResult> => {
    const booking = await lockBooking(tx, eq(bookings.manageTokenHash, hashManageToken(token)));
    if (!booking) return { status: 404 };
    const view = managed(booking, settings, now);
    if (!view.canCancel) {
      return {
        status: 409,
        error: booking.status === 'cancelled' ? 'This booking is already cancelled.' : cancelTooLateMessage,
        booking: view,
      };
    }
    await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: 'customer',
        cancelReason: null,
        sequence: sql`${bookings.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(bookings.id, booking.id));
    await moveEnquiry(tx, booking, 'closed', 'customer');
    const cancelled = (await findBooking(tx, booking.id))!;
    await queueMail(tx, 'booking-cancelled', cancelled);
    await queueMail(tx, 'booking-cancelled-notice', cancelled);
    return { status: 200, booking: managed(cancelled, settings, now) };
  });
  if (result.status === 200) {
    forgetAvailability(deps.db);
    deps.onQueued?.();
  }
  return result;
}

/** What staff may do to a booking (PUT /api/bookings/{id}). */
export type StaffChange =
  | { status: 'confirmed' | 'completed' | 'no-show' }
  | { status: 'cancelled'; reason: string }
  | { date: string; start: string; location?: string };

export type StaffChangeResult =
  | { status: 200; booking: Booking; summary: string }
  | { status: 404 }
  | { status: 400 | 409; error: string; fieldErrors?: Record<string, string[]> };

/** A staff change: a change of status, or a move to another window with a place left. */
export async function changeBooking(
  deps: BookingDependencies,
  id: number,
  change: StaffChange,
  actor: { id: number; username: string },
): Promise<StaffChangeResult> {
  const content = await deps.content();
  const settings = settingsOf(content);
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx): Promise<StaffChangeResult> => {
    const booking = await lockBooking(tx, eq(bookings.id, id));
    if (!booking) return { status: 404 };
    if ('status' in change) {
      if (!bookingNextStatuses[booking.status].includes(change.status)) {
        return {
          status: 409,
          error: `This booking is ${booking.status}: it cannot become ${change.status}.`,
        };
      }
      const cancelling = change.status === 'cancelled';
      await tx
        .update(bookings)
        .set({
          status: change.status,
          ...(cancelling
            ? {
                cancelReason: change.reason,
                cancelledBy: actor.username,
                sequence: sql`${bookings.sequence} + 1`,
              }
            : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(bookings.id, id));
      if (change.status !== 'confirmed') {
        await moveEnquiry(tx, booking, change.status === 'completed' ? 'completed' : 'closed', actor);
      }
      const changed = (await findBooking(tx, id))!;
      if (cancelling) await queueMail(tx, 'booking-cancelled', changed, { reason: change.reason });
      return { status: 200, booking: changed, summary: `${booking.status} to ${change.status}` };
    }
    if (!isActiveBooking(booking.status)) {
      return { status: 409, error: `This booking is ${booking.status}: it cannot be moved.` };
    }
    const location = change.location ?? booking.location;
    if (!settings.locations.some((entry) => entry.key === location)) {
      return { status: 400, error: invalidFieldsMessage, fieldErrors: { location: ['No such location'] } };
    }
    const slot = slotAt(settings, location, change.date, change.start);
    if (!slot) {
      return {
        status: 400,
        error: invalidFieldsMessage,
        fieldErrors: { start: ['That window is not open on that day'] },
      };
    }
    if (slot.date < londonDate(now)) {
      return {
        status: 400,
        error: invalidFieldsMessage,
        fieldErrors: { date: ['Choose a day from today on'] },
      };
    }
    if (location === booking.location && slot.date === booking.date && slot.start === booking.start) {
      return {
        status: 400,
        error: invalidFieldsMessage,
        fieldErrors: { start: ['Choose a different window'] },
      };
    }
    const taken = await selectRows<{ taken: number }>(
      tx,
      sql`insert into ${bookingPlaces} (location, date, start_time, taken)
        values (${location}, ${slot.date}::date, ${slot.start}, 1)
        on conflict (location, date, start_time)
        do update set taken = ${bookingPlaces.taken} + 1 where ${bookingPlaces.taken} < ${slot.places}
        returning taken`,
    );
    if (taken.length === 0) return { status: 409, error: 'That window is full. Choose another.' };
    const token = newManageToken();
    await tx
      .update(bookings)
      .set({
        location,
        locationName: bookingLocationName(location, content.branches),
        date: slot.date,
        startTime: slot.start,
        endTime: slot.end,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        // A new link for the new e-mail: the token of the first is not kept anywhere to repeat.
        manageTokenHash: hashManageToken(token),
        sequence: sql`${bookings.sequence} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(bookings.id, id));
    const moved = (await findBooking(tx, id))!;
    const previous = `${windowText(booking)}, ${booking.locationName}`;
    await tx.insert(enquiryNotes).values({
      enquiryId: booking.enquiryId,
      authorId: actor.id,
      authorName: actor.username,
      text: `Booking moved from ${previous} to ${windowText(moved)}, ${moved.locationName}.`,
    });
    await queueMail(tx, 'booking-moved', moved, { manageToken: token, previous });
    return { status: 200, booking: moved, summary: `moved from ${booking.date} ${booking.start}` };
  });
  if (result.status === 200) {
    forgetAvailability(deps.db);
    deps.onQueued?.();
  }
  return result;
}
