// The `jobs` scenario's seeding: before the server starts, stores the year of history (the
// accounts, the demo tyre catalogue, and the rows of jobs-history.ts) straight into the database,
// and works out what the measurements check the server's answers against.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { londonDate } from '#common/time/london.ts';
import { sizeLabel } from '#common/tyres/size.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { selectRows, type Database, type DatabaseOptions } from '#server/db/client.ts';
import {
  bookingPlaces,
  bookings,
  enquiries,
  enquiryReferenceCounters,
  invoiceCounters,
  invoices,
  jobs as jobRows,
  payments,
  tyres,
  users,
} from '#server/db/schema.ts';
import { seedDemoTyres } from '#server/tyres/demo-catalogue.ts';
import type { CatalogueTyre } from './jobs-customers.ts';
import { historyRows, type HistoryRows } from './jobs-history.ts';
import { fitterCount, fitterName, historyDays, planJobs, type PlannedJob } from './jobs-plan.ts';
import { openDatabaseBeforeStart, staffAccountEnv } from './server.ts';

/** The registrations whose histories are read: a spread over the vehicles seeded. */
const measuredVehicles = 1_000;

export const fitterPassword = 'bench-fitter-wheel-nut-torque-7';

/** What the seeding stored that the measurements check against. */
export type Seeded = {
  seconds: number;
  today: string;
  /** Each fitter's jobs today (not cancelled), in fitter order. */
  fitterJobsToday: number[];
  /** A spread of registrations and how many jobs each has (not cancelled). */
  vehicles: { registration: string; jobs: number }[];
};

/**
 * Inserts rows a batch at a time, each batch one JSON value that the database unpacks into the
 * table's row type: several times quicker than binding thousands of values one by one, which the
 * embedded database's driver does in JavaScript, value by value.
 */
export async function insertRows<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: readonly Table['$inferInsert'][],
) {
  const [first] = rows;
  if (!first) return;
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const names = Object.keys(first).map((key) => columns[key]!.name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  for (let from = 0; from < rows.length; from += 2_000) {
    const batch = rows
      .slice(from, from + 2_000)
      .map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key]!.name, value])),
      );
    await db.execute(
      sql`insert into ${table} (${list}) select ${list}
        from jsonb_populate_recordset(null::${table}, ${JSON.stringify(batch)}::jsonb)`,
    );
  }
}

/** The accounts: the office member the bench signs in as (server.ts signIn), and the ten fitters. */
async function insertAccounts(db: Database): Promise<{ officeId: number; fitterIds: number[] }> {
  const [office] = await db
    .insert(users)
    .values({
      username: staffAccountEnv.ADMIN_USERNAME,
      passwordHash: await hashPassword(staffAccountEnv.ADMIN_PASSWORD),
      role: 'staff',
    })
    .returning({ id: users.id });
  // One hash for all ten: hashing is slow on purpose, and they share the password.
  const passwordHash = await hashPassword(fitterPassword);
  const fitters = await db
    .insert(users)
    .values(
      Array.from({ length: fitterCount }, (_, index) => ({
        username: fitterName(index),
        passwordHash,
        role: 'fitter',
      })),
    )
    .returning({ id: users.id });
  return { officeId: office!.id, fitterIds: fitters.map((fitter) => fitter.id) };
}

/** The catalogue's tyres by size (205/55 R16). */
async function catalogueBySize(db: Database): Promise<Map<string, CatalogueTyre[]>> {
  const bySize = new Map<string, CatalogueTyre[]>();
  const rows = await db
    .select({
      id: tyres.id,
      brand: tyres.brand,
      pattern: tyres.pattern,
      width: tyres.width,
      profile: tyres.profile,
      rim: tyres.rim,
      loadIndex: tyres.loadIndex,
      speedRating: tyres.speedRating,
      extraLoad: tyres.extraLoad,
      runFlat: tyres.runFlat,
      costPence: tyres.costPence,
    })
    .from(tyres)
    .orderBy(tyres.id);
  for (const tyre of rows) bySize.set(sizeLabel(tyre), [...(bySize.get(sizeLabel(tyre)) ?? []), tyre]);
  return bySize;
}

/**
 * Stores the year: accounts, the demo tyre catalogue (as the server would at its first start),
 * the enquiries and bookings, their jobs, invoices and payments, the counters where the history
 * left them, and the places and tyres the open bookings hold. Returns what the run checks against.
 */
export async function seedJobs(options: DatabaseOptions): Promise<Seeded> {
  const started = performance.now();
  const now = new Date();
  const today = londonDate(now);
  const content = seedSiteContent(defaultSiteSettings);
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    const { db } = database;
    // A throwaway PostgreSQL database may hold an earlier run's: start from nothing.
    await db.execute(
      sql`truncate users, enquiries, enquiry_reference_counters, bookings, booking_places, invoices,
        invoice_counters, payments, outbox restart identity cascade`,
    );
    const { officeId, fitterIds } = await insertAccounts(db);
    await seedDemoTyres(db);
    const planned = planJobs(today, now, await catalogueBySize(db), content.branches[0]!.key);
    const rows = historyRows(planned, { content, now, officeId, fitterIds });

    // The staff search's trigram index is built again once the enquiries are in: quicker than
    // taking each row's entries as it arrives (as enquiries-seed.ts does).
    const trigramIndexes = await selectRows<{ name: string; definition: string }>(
      db,
      sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'enquiries' and indexdef like '%gin_trgm_ops%'`,
    );
    for (const { name } of trigramIndexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
    await insertRows(db, enquiries, rows.enquiries);
    for (const { definition } of trigramIndexes) await db.execute(sql.raw(definition));
    await insertRows(db, bookings, rows.bookings);
    await insertRows(db, jobRows, rows.jobs);
    await insertRows(db, invoices, rows.invoices);
    await insertRows(db, payments, rows.payments);
    await insertRows(db, enquiryReferenceCounters, rows.referenceCounters);
    await insertRows(db, invoiceCounters, rows.invoiceCounters);
    for (const table of ['enquiries', 'bookings', 'invoices', 'payments']) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
    // The places the bookings took, and the stock tyres the open ones hold.
    await db.execute(sql`
      insert into ${bookingPlaces} (location, date, start_time, taken)
      select places_key, date, start_time, count(*) from ${bookings}
      where status <> 'cancelled' group by places_key, date, start_time`);
    await db.execute(sql`
      update ${tyres} set reserved = held.quantity, stock = greatest(stock, held.quantity + 4)
      from (select tyre_id, sum(tyre_quantity)::int as quantity from ${bookings}
        where status in ('booked', 'confirmed') and tyre_source = 'stock' group by tyre_id) as held
      where ${tyres.id} = held.tyre_id`);
    if (database.driver === 'postgres') {
      // What autovacuum does within a minute or so of a load this size, done now so that it does
      // not happen in the middle of a measurement. (The embedded database has no autovacuum.)
      await db.execute(sql`vacuum analyze enquiries, bookings, jobs, invoices, payments, booking_places`);
    }
    await checkStored(db, rows);
    return { seconds: (performance.now() - started) / 1000, today, ...checkedAgainst(planned, today) };
  } finally {
    await database.close();
  }
}

/** Counts what was stored, and fails unless it is every row made. */
async function checkStored(db: Database, rows: HistoryRows) {
  const [counts] = await selectRows<
    Record<'bookings' | 'jobs' | 'completed' | 'invoices' | 'payments' | 'vehicles', string | number>
  >(
    db,
    sql`select (select count(*) from bookings) as bookings, (select count(*) from jobs) as jobs,
      (select count(*) from jobs where status = 'completed') as completed,
      (select count(*) from invoices) as invoices, (select count(*) from payments) as payments,
      (select count(distinct registration) from bookings) as vehicles`,
  );
  if (
    Number(counts?.bookings) !== rows.bookings.length ||
    Number(counts?.jobs) !== rows.jobs.length ||
    Number(counts?.invoices) !== rows.invoices.length ||
    Number(counts?.payments) !== rows.payments.length
  ) {
    throw new Error(`seeding stored ${JSON.stringify(counts)}`);
  }
  const creditNotes = rows.invoices.filter((invoice) => invoice.kind === 'credit-note').length;
  console.log(
    `jobs: seeded ${counts?.bookings} bookings of ${fitterCount} fitters over ${historyDays} days with their ` +
      `enquiries, ${counts?.jobs} jobs (${counts?.completed} completed), ${rows.invoices.length - creditNotes} ` +
      `invoices, ${creditNotes} credit notes, ${counts?.payments} payments, ${counts?.vehicles} vehicles`,
  );
}

/** Each fitter's jobs today, and a spread of registrations with their jobs (cancelled ones aside). */
function checkedAgainst(planned: readonly PlannedJob[], today: string) {
  const open = planned.filter((job) => job.outcome !== 'cancelled');
  const jobsOf = new Map<string, number>();
  for (const { vehicle } of open)
    jobsOf.set(vehicle.registration, (jobsOf.get(vehicle.registration) ?? 0) + 1);
  const registrations = [...jobsOf];
  const count = Math.min(measuredVehicles, registrations.length);
  return {
    fitterJobsToday: Array.from(
      { length: fitterCount },
      (_, fitter) => open.filter((job) => job.date === today && job.fitter === fitter).length,
    ),
    vehicles: Array.from({ length: count }, (_, index) => {
      const [registration, jobs] = registrations[Math.floor((index * registrations.length) / count)]!;
      return { registration, jobs };
    }),
  };
}
