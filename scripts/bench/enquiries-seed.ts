// The `enquiries` scenario's data (enquiries.ts): 100,000 enquiries of the last 22
// months with their status changes and notes, stored with a few set-based statements before the
// server starts.
import { sql } from 'drizzle-orm';
import type { EnquiryServiceValue } from '../../common/enquiries/options.ts';
import { selectRows, type Database, type DatabaseOptions } from '#server/db/client.ts';
import { openDatabaseBeforeStart, textArray } from './server.ts';

export const seededEnquiries = 100_000;
/** Inside the 24 months after which the server deletes enquiries (a minute after it starts). */
const seededMonths = 22;

/** A word of one note only, the enquiry with it, and a word in no field and no note at all. */
export const noteOnlyWord = 'Shoeburyness';
export const noteOnlyEnquiryId = 1_234;
export const nowhereWord = 'wolseley';

const firstNames = (
  'James Sarah David Emma Michael Claire Paul Laura Mark Rebecca Daniel Sophie Chris Hannah ' +
  'Andrew Jessica Richard Amy Steven Lucy Gary Karen Lee Nicola Tom Charlotte Matthew Kelly ' +
  'Adam Gemma Ryan Zoe Jason Stacey Dean Samantha Wayne Joanne Craig Natalie Mohammed Priya ' +
  'Ahmed Fatima Raj Aisha Tomasz Agnieszka Olu Chioma Liam Olivia Kieran Megan Connor Ellie ' +
  'Harry Grace Jack Chloe'
).split(' ');

/** Most common first, as in the UK: the first few take most customers. */
const surnames = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Robinson Wright Thompson ' +
  'Evans Walker White Roberts Green Hall Wood Jackson Clarke Khan Harris Lewis Martin Cooper ' +
  'King Baker Turner Hill Moore Ward Morris Clark Allen Scott Young Mitchell Carter Phillips ' +
  "Adams Campbell Parker Bennett Shah Begum Hussain Ali Kowalski Nowak Okafor Adeyemi O'Brien " +
  'Murphy Kelly Collins Stewart Murray Reid Ross Barker Fletcher Marsh Payne Pearce Webb Hunt ' +
  'Mills Palmer Holmes Knight Lloyd Fox Gibson Hart Dixon Rose Cole Stone Bishop'
).split(' ');

const emailDomains = (
  'gmail.com hotmail.co.uk outlook.com yahoo.co.uk btinternet.com icloud.com live.co.uk ' +
  'sky.com aol.com talktalk.net'
).split(' ');

/** Landline prefixes of the area (Romford, Brentwood, Basildon, Chelmsford, Southend, London). */
const landlinePrefixes = ['01708', '01277', '01268', '01245', '01702', '01375', '020 8'];

const vehicles = (
  'Ford Fiesta, Ford Focus, Ford Transit, Ford Transit Custom, Vauxhall Corsa, Vauxhall Astra, ' +
  'Vauxhall Vivaro, Volkswagen Golf, Volkswagen Polo, Volkswagen Transporter, BMW 3 Series, ' +
  'BMW 1 Series, BMW X5, Audi A3, Audi A4, Audi Q5, Mercedes C-Class, Mercedes Sprinter, ' +
  'Mercedes A-Class, Nissan Qashqai, Nissan Juke, Toyota Yaris, Toyota Corolla, Toyota Prius, ' +
  'Kia Sportage, Kia Ceed, Hyundai Tucson, Hyundai i10, Peugeot 208, Peugeot 3008, ' +
  'Renault Clio, Skoda Octavia, Skoda Fabia, Honda Civic, Honda Jazz, Mini Cooper, ' +
  'Land Rover Discovery, Range Rover Evoque, Tesla Model 3, Citroen Berlingo, Fiat 500, ' +
  'Mazda CX-5, Volvo XC60, Seat Leon, Dacia Sandero'
).split(', ');

/** Services most asked for first. */
const services = [
  'tyres',
  'puncture-repair',
  'mobile-service',
  'wheel-alignment',
  'servicing',
  'mot',
  'vehicle-diagnostics',
  'wheel-refurbishment',
  'other',
  'vehicle-remapping',
] satisfies EnquiryServiceValue[];

const places = (
  'Romford, Hornchurch, Upminster, Harold Hill, Harold Wood, Brentwood, Billericay, Basildon, ' +
  'Wickford, Chelmsford, Southend, Leigh-on-Sea, Rayleigh, Grays, Dagenham, Ilford, Rainham, ' +
  'Laindon, Pitsea, Ingatestone'
).split(', ');

const tyreSizes = [
  '205/55 R16',
  '225/45 R17',
  '195/65 R15',
  '215/60 R16',
  '235/35 R19',
  '185/65 R15',
  '225/40 R18',
];

/** First sentence of a message, by service (same order as `services`). */
const openings = [
  'Need {n} new tyres, {size}.',
  'I have a puncture in the {wheel} tyre.',
  'Can you come out to me? The car will not start and I think it is a flat tyre.',
  'The car pulls to the left since I hit a pothole.',
  'Looking for a full service on my car, it is overdue.',
  'MOT due at the end of the month, can you book me in?',
  'Engine warning light came on this morning.',
  'Alloys are badly scuffed from the kerb, could you quote for a refurb?',
  'Could you quote for a set of winter tyres and storage for the summer ones?',
  'Interested in a remap, what gains would I get?',
];

const details = [
  'Parked at work in {place} until 5pm.',
  'I am at home in {place} most of the day.',
  'The spare is a space saver so I cannot go far.',
  'Nail in the tread by the look of it.',
  'Tyre pressure warning keeps coming on.',
  'Tread is down to the legal limit on the fronts.',
  'It is a company car, invoice to the business please.',
  'Locking wheel nut key is in the glovebox.',
  'Sidewall is bulging after hitting a kerb.',
  'Happy with mid-range tyres, nothing budget.',
  'Please ring before you come, the road is hard to find.',
  'Two vans on the fleet need doing.',
];

const timings = [
  'Any time this week.',
  'Saturday morning would suit best.',
  'As soon as possible please.',
  'After 3pm on weekdays.',
  'Not urgent, next week is fine.',
  'Before the school run if you can.',
  '',
  '',
];

const wheels = ['front left', 'front right', 'rear left', 'rear right', 'rear', 'front'];

const noteTexts = [
  'Called, no answer. Left a voicemail.',
  'Quoted £{price} for {n} tyres fitted, customer thinking about it.',
  'Sent the quote by e-mail.',
  'Customer prefers a Saturday morning slot.',
  'Booked in, van to arrive between 8 and 10.',
  'Tyres ordered from the supplier, due tomorrow.',
  'Job done, paid by card on the day.',
  'Asked for a callback after 5pm.',
  'Locking wheel nut missing: take the removal kit.',
  'Customer found it cheaper elsewhere.',
  'Repair not possible, too close to the sidewall; quoted a new tyre.',
  'Second van needs the same, add to the booking.',
];

/** Covered postcode districts (SITE_SERVICE_REGIONS) and some from further away. */
const coveredDistricts = (
  'RM1 RM2 RM3 RM4 RM5 RM6 RM7 RM11 RM12 RM13 RM14 RM15 RM16 RM17 CM1 CM2 CM11 CM12 CM13 CM14 ' +
  'CM15 SS0 SS1 SS2 SS6 SS9 SS12 SS13 SS14 SS15 SS16 IG1 IG2'
).split(' ');
const outsideDistricts = 'DA1 ME4 CO1 E1 E17 N1 SE1 EN1 SG1 CB1'.split(' ');
/** The letters of a postcode's inward part (never C, I, K, M, O or V). */
const inwardLetters = 'ABDEFGHJLNPQRSTUWXYZ';

const staffNames = ['dave', 'sarah.office', 'mike', 'jo'];

/** One of `values` in SQL, picked by `draw` (0 to 1), the first ones more often for `skew` > 1. */
const pick = (values: readonly string[], draw: string, skew = 1) =>
  sql`(${textArray(values)})[1 + floor(${values.length} * power(${sql.raw(draw)}, ${skew}))::int]`;

/**
 * Stores the enquiries, their status changes and notes, and the reference counters, then checks
 * what was stored. Returns the seconds it took.
 */
export async function seedEnquiries(options: DatabaseOptions): Promise<number> {
  const started = performance.now();
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    const { db } = database;
    // A throwaway PostgreSQL database may hold an earlier run's enquiries: start from none.
    await db.execute(
      sql`truncate enquiries, enquiry_events, enquiry_notes, enquiry_reference_counters, bookings, booking_places, outbox restart identity cascade`,
    );
    // The trigram indexes are dropped, then built again from their own definitions once the
    // rows are in: several times quicker for a load this size than taking each row's entries as
    // it arrives, and the same indexes, with nothing left waiting in their pending lists.
    const trigramIndexes = await selectRows<{ name: string; definition: string }>(
      db,
      sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename in ('enquiries', 'enquiry_notes') and indexdef like '%gin_trgm_ops%'`,
    );
    for (const { name } of trigramIndexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
    await insertEnquiries(db);
    await insertHistories(db);
    for (const { definition } of trigramIndexes) await db.execute(sql.raw(definition));
    if (database.driver === 'postgres') {
      // What autovacuum does within a minute or so of a load this size, done now so that it does
      // not happen in the middle of a measurement. (The embedded database has no autovacuum.)
      await db.execute(sql`vacuum analyze enquiries, enquiry_notes, enquiry_events`);
    }
    await checkSeeded(db);
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/**
 * The enquiries: arrival times over the months, more in recent ones (a growing business), in id
 * order; a status that depends on age (recent ones still new, old ones completed or closed); the
 * reference numbered per London month in id order, as the server's counter would have.
 */
async function insertEnquiries(db: Database) {
  const letters = sql.raw(`'${inwardLetters}'`);
  await db.execute(sql`
    insert into enquiries (id, created_at, name, email, phone, vehicle, service, message, status,
      contacted, contacted_at, reference, postcode, outside_area)
    select id, created_at,
      case when name_draw < 0.05 then lower(first_name || ' ' || surname)
        when name_draw < 0.08 then left(first_name, 1) || ' ' || surname
        else first_name || ' ' || surname end,
      case when email_draw < 0.4 then lower(first_name || '.' || email_surname)
        when email_draw < 0.7 then lower(left(first_name, 1) || email_surname) || (id % 97)::text
        else lower(first_name || email_surname) || (1960 + id % 45)::text end
        || '@' || ${pick(emailDomains, 'domain_draw', 1.6)},
      case when phone_draw < 0.75 then '07' || lpad((digits / 1000000)::text, 3, '0') || ' ' || lpad((digits % 1000000)::text, 6, '0')
        when phone_draw < 0.85 then '+447' || lpad(digits::text, 9, '0')
        else ${pick(landlinePrefixes, '(phone_draw - 0.85) / 0.15')} || ' ' || lpad((digits % 1000000)::text, 6, '0') end,
      case when vehicle_draw < 0.85 then ${pick(vehicles, 'vehicle_draw / 0.85', 1.4)}
        || case when id % 3 > 0 then ' ' || (2006 + id % 19)::text else '' end end,
      case when service_draw < 0.95 then ${pick(services, 'service_draw / 0.95', 2)} end,
      replace(replace(replace(replace(
        (${textArray(openings)})[1 + floor(${openings.length} * power(least(service_draw / 0.95, 0.9999), 2))::int] || ' ' ||
        ${pick(details, 'detail_draw')} || ' ' || ${pick(timings, 'timing_draw')},
        '{place}', ${pick(places, 'place_draw')}), '{size}', ${pick(tyreSizes, 'detail_draw')}),
        '{n}', (2 + 2 * (id % 2))::text), '{wheel}', ${pick(wheels, 'timing_draw')}),
      status, status <> 'new',
      case when status <> 'new' then least(now(), created_at + interval '3 hours') end,
      'ENQ-' || month || '-' || case when number < 10000 then lpad(number::text, 4, '0') else number::text end,
      case when postcode_draw < 0.66 then ${pick(coveredDistricts, 'postcode_draw / 0.66')}
        when postcode_draw < 0.70 then ${pick(outsideDistricts, '(postcode_draw - 0.66) / 0.04')} end
        || ' ' || (id % 10)::text || substr(${letters}, 1 + (id % 20)::int, 1) || substr(${letters}, 1 + (id / 20 % 20)::int, 1),
      postcode_draw >= 0.66 and postcode_draw < 0.70
    from (
      select *, row_number() over (partition by month order by id) as number,
        replace(surname, '''', '') as email_surname
      from (
        select row_number() over (order by created_at) as id, *,
          to_char(created_at at time zone 'Europe/London', 'YYMM') as month,
          ${pick(firstNames, 'first_draw')} as first_name,
          ${pick(surnames, 'surname_draw', 1.3)} as surname,
          case
            when created_at > now() - interval '7 days' then
              case when status_draw < 0.7 then 'new' when status_draw < 0.9 then 'contacted' else 'quoted' end
            when created_at > now() - interval '30 days' then
              case when status_draw < 0.2 then 'new' when status_draw < 0.4 then 'contacted'
                when status_draw < 0.65 then 'quoted' when status_draw < 0.85 then 'booked'
                when status_draw < 0.95 then 'completed' else 'closed' end
            else
              case when status_draw < 0.03 then 'new' when status_draw < 0.13 then 'contacted'
                when status_draw < 0.3 then 'quoted' when status_draw < 0.4 then 'booked'
                when status_draw < 0.85 then 'completed' else 'closed' end
          end as status
        from (
          select now() - (1 - sqrt(random())) * (now() - (now() - interval '${sql.raw(String(seededMonths))} months')) as created_at,
            random() as first_draw, random() as surname_draw, random() as name_draw,
            random() as email_draw, random() as domain_draw, random() as phone_draw,
            random() as vehicle_draw, random() as service_draw, random() as detail_draw,
            random() as timing_draw, random() as place_draw, random() as postcode_draw,
            random() as status_draw, floor(random() * 1e9)::bigint as digits
          from generate_series(1, ${seededEnquiries})
        ) as drawn
      ) as numbered
    ) as enquiry
    order by id
  `);
  await db.execute(sql`select setval(pg_get_serial_sequence('enquiries', 'id'), ${seededEnquiries})`);
}

/** The reference counters where the enquiries left them, and each enquiry's status changes and notes. */
async function insertHistories(db: Database) {
  await db.execute(sql`
    insert into enquiry_reference_counters (month, last)
    select to_char(created_at at time zone 'Europe/London', 'YYMM'), count(*) from enquiries group by 1
  `);
  // The status changes that led to each status: new, contacted, quoted, booked, completed, with
  // closed after contacted or after quoted; a day or so apart, never in the future.
  await db.execute(sql`
    insert into enquiry_events (enquiry_id, actor_name, from_status, to_status, created_at)
    select enquiries.id, ${pick(staffNames, '((enquiries.id * 31 + step.n * 37) % 100) / 100.0')},
      step.from_status, step.to_status,
      least(now(), enquiries.created_at + step.n * interval '20 hours' - interval '17 hours')
    from enquiries
    join (values
      ('contacted', 1, 'new', 'contacted', null),
      ('quoted', 1, 'new', 'contacted', null), ('quoted', 2, 'contacted', 'quoted', null),
      ('booked', 1, 'new', 'contacted', null), ('booked', 2, 'contacted', 'quoted', null),
      ('booked', 3, 'quoted', 'booked', null),
      ('completed', 1, 'new', 'contacted', null), ('completed', 2, 'contacted', 'quoted', null),
      ('completed', 3, 'quoted', 'booked', null), ('completed', 4, 'booked', 'completed', null),
      ('closed', 1, 'new', 'contacted', null), ('closed', 2, 'contacted', 'closed', 0),
      ('closed', 2, 'contacted', 'quoted', 1), ('closed', 3, 'quoted', 'closed', 1)
    ) as step (status, n, from_status, to_status, variant)
      on step.status = enquiries.status and (step.variant is null or step.variant = enquiries.id % 2)
    order by enquiries.id, step.n
  `);
  // Notes on about 30% of enquiries, one to three each, and one note with a word of its own.
  await db.execute(sql`
    insert into enquiry_notes (enquiry_id, author_name, text, created_at)
    select enquiry.id, ${pick(staffNames, '((enquiry.id * 17 + n * 37) % 100) / 100.0')},
      replace(replace((${textArray(noteTexts)})[1 + (enquiry.id * 7 + n * 5) % ${noteTexts.length}],
        '{price}', (60 + enquiry.id % 40 * 10)::text), '{n}', (2 + 2 * (enquiry.id % 2))::text),
      least(now(), enquiry.created_at + n * interval '1 day')
    from (select id, created_at, random() as draw from enquiries) as enquiry
    cross join lateral generate_series(1, 1 + floor(enquiry.draw * 10)::int % 3) as n
    where enquiry.draw < 0.3
    order by enquiry.id, n
  `);
  await db.execute(sql`
    insert into enquiry_notes (enquiry_id, author_name, text, created_at)
    select id, 'jo', ${`Customer is moving to ${noteOnlyWord} next month, check we still cover it.`},
      least(now(), created_at + interval '2 days')
    from enquiries where id = ${noteOnlyEnquiryId}
  `);
}

/** Counts what was stored, and fails unless it is every enquiry with its reference and words. */
async function checkSeeded(db: Database) {
  const [counts] = await selectRows<{
    enquiries: string | number;
    references: string | number;
    noted: string | number;
    changed: string | number;
    withNoteWord: string | number;
    withNowhereWord: string | number;
  }>(
    db,
    sql`select (select count(*) from enquiries) as enquiries,
      (select count(distinct reference) from enquiries) as "references",
      (select count(distinct enquiry_id) from enquiry_notes) as noted,
      (select count(distinct enquiry_id) from enquiry_events) as changed,
      (select count(*) from enquiry_notes where text ilike ${`%${noteOnlyWord}%`}) as "withNoteWord",
      (select count(*) from enquiries where concat_ws(' ', name, email, phone, vehicle, message, postcode, reference)
        ilike ${`%${nowhereWord}%`}) + (select count(*) from enquiry_notes where text ilike ${`%${nowhereWord}%`})
        as "withNowhereWord"`,
  );
  if (
    Number(counts?.enquiries) !== seededEnquiries ||
    Number(counts?.references) !== seededEnquiries ||
    Number(counts?.withNoteWord) !== 1 ||
    Number(counts?.withNowhereWord) !== 0
  ) {
    throw new Error(`seeding stored ${JSON.stringify(counts)}`);
  }
  console.log(
    `enquiries: seeded ${counts?.enquiries} enquiries, ${counts?.noted} with notes, ${counts?.changed} with status changes`,
  );
}
