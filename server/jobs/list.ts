import { and, asc, eq, gt, min, ne, sql, type SQL } from 'drizzle-orm';
import { bookingAddress, lockingNutsText, type LockingNutsAnswer } from '#common/bookings/booking.ts';
import { jobStatusOf, notCompletedReasonOf, type Job } from '#common/jobs/jobs.ts';
import { bookedLines, linesTotal } from '#common/jobs/lines.ts';
import type { ChargedLine } from '#common/jobs/invoice.ts';
import { isBranchService } from '#common/bookings/branch-services.ts';
import { keyedPriceLines } from '#common/site-content/facts.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { Database } from '../db/client.ts';
import { staffNameSql } from '../db/staff-names.ts';
import { bookings, invoices, jobFiles, jobs, payments, users } from '../db/schema.ts';

/** The columns a job is read from: its booking, its job row, and what was paid and photographed. */
const jobColumns = {
  id: bookings.id,
  reference: bookings.reference,
  date: bookings.date,
  start: bookings.startTime,
  end: bookings.endTime,
  bookingStatus: bookings.status,
  jobStatus: jobs.status,
  eta: jobs.eta,
  fitterId: bookings.fitterId,
  fitterName: staffNameSql,
  name: bookings.name,
  phone: bookings.phone,
  email: bookings.email,
  addressLine: bookings.addressLine,
  town: bookings.town,
  postcode: bookings.postcode,
  location: bookings.location,
  locationName: bookings.locationName,
  vehicle: bookings.vehicle,
  registration: bookings.registration,
  service: bookings.service,
  serviceTitle: bookings.serviceTitle,
  tyreText: bookings.tyreText,
  tyreQuantity: bookings.tyreQuantity,
  tyrePrice: bookings.tyrePricePence,
  callOutPence: bookings.callOutPence,
  tyreSource: bookings.tyreSource,
  notes: bookings.notes,
  lockingNuts: bookings.lockingNuts,
  lockingNutKey: bookings.lockingNutKey,
  reviewRequest: bookings.reviewRequest,
  notCompletedReason: jobs.notCompletedReason,
  lines: jobs.lines,
  linesReason: jobs.linesReason,
  priceHeldAt: jobs.priceHeldAt,
  paid: sql<number>`(select coalesce(sum(${payments.amountPence}), 0)::int from ${payments}
    where ${payments.bookingId} = ${bookings.id})`,
  photos: sql<number>`(select count(*)::int from ${jobFiles}
    where ${jobFiles.bookingId} = ${bookings.id} and ${jobFiles.kind} = 'photo')`,
  credited: sql<number>`(select coalesce(sum(${invoices.grossPence}), 0)::int from ${invoices}
    where ${invoices.bookingId} = ${bookings.id} and ${invoices.kind} = 'credit-note')`,
  invoice: sql<string | null>`(select ${invoices.number} from ${invoices}
    where ${invoices.bookingId} = ${bookings.id} and ${invoices.kind} = 'invoice'
    order by ${invoices.id} desc limit 1)`,
};

export type JobRow = Awaited<ReturnType<typeof selectJobRows>>[number];

const selectJobRows = (db: Database, condition: SQL | undefined) =>
  db
    .select(jobColumns)
    .from(bookings)
    .leftJoin(jobs, eq(jobs.bookingId, bookings.id))
    .leftJoin(users, eq(users.id, bookings.fitterId))
    .where(condition)
    // The office's route order (each job's planned arrival, common/routing/vans.ts), else by window.
    .orderBy(
      asc(bookings.date),
      sql`coalesce(${bookings.routePosition}, split_part(${bookings.startTime}, ':', 1)::int * 60 + split_part(${bookings.startTime}, ':', 2)::int)`,
      asc(bookings.startTime),
      asc(bookings.location),
      asc(bookings.id),
    );

/**
 * The prices the site states for a booked service: its price lines, or for a branch's MOT test or
 * servicing the price line named after it (`mot`, `servicing`: "£50", "From £80").
 */
export function servicePricesOf(content: SiteContent, service: string): string[] {
  if (isBranchService(service)) {
    return keyedPriceLines(content)
      .filter(({ line }) => line.key === service)
      .map(({ line }) => line.price);
  }
  return content.services.find((entry) => entry.slug === service)?.pricing.map((line) => line.price) ?? [];
}

/** The lines a job charges: the fitter's, else the booking's (common/jobs/lines.ts). */
export function chargedLinesOf(row: JobRow, content: SiteContent): ChargedLine[] {
  if (row.lines) return row.lines;
  return bookedLines({
    serviceTitle: row.serviceTitle,
    servicePrices: servicePricesOf(content, row.service),
    tyre:
      row.tyreText && row.tyreQuantity && row.tyrePrice !== null
        ? { description: row.tyreText, quantity: row.tyreQuantity, price: row.tyrePrice }
        : null,
    callOutPence: row.callOutPence,
  });
}

export function jobOf(row: JobRow, content: SiteContent): Job {
  const lines = chargedLinesOf(row, content);
  const priceChange = row.lines
    ? {
        bookedTotal: linesTotal(chargedLinesOf({ ...row, lines: null }, content)),
        reason: row.linesReason ?? '',
        held: row.priceHeldAt !== null,
      }
    : null;
  return {
    id: row.id,
    reference: row.reference,
    date: row.date,
    window: { start: row.start, end: row.end },
    status: jobStatusOf(row.bookingStatus, row.jobStatus),
    eta: row.eta,
    fitter:
      row.fitterId !== null && row.fitterName !== null ? { id: row.fitterId, name: row.fitterName } : null,
    customer: {
      name: row.name,
      phone: row.phone,
      address: bookingAddress(row),
      postcode: row.postcode,
    },
    location: row.location,
    locationName: row.locationName,
    vehicle: row.vehicle,
    registration: row.registration,
    service: row.serviceTitle,
    tyres:
      row.tyreText && row.tyreQuantity
        ? {
            description: row.tyreText,
            quantity: row.tyreQuantity,
            source: row.tyreSource === 'supplier' ? 'supplier' : 'stock',
          }
        : null,
    notes: row.notes,
    lockingNuts: lockingNutsText(row.lockingNuts as LockingNutsAnswer | null, row.lockingNutKey),
    notCompletedReason: notCompletedReasonOf(row.bookingStatus, row.notCompletedReason),
    lines,
    total: linesTotal(lines),
    paid: row.paid,
    priceChange,
    photos: row.photos,
    invoice: row.invoice,
    credited: row.credited,
    reviewRequest: row.reviewRequest,
  };
}

/** The jobs of a London day in window order, cancelled bookings aside; one fitter's, or all. */
export async function listJobs(
  db: Database,
  content: SiteContent,
  { date, fitterId }: { date: string; fitterId?: number },
): Promise<Job[]> {
  const rows = await selectJobRows(
    db,
    and(
      eq(bookings.date, date),
      ne(bookings.status, 'cancelled'),
      fitterId === undefined ? undefined : eq(bookings.fitterId, fitterId),
    ),
  );
  return rows.map((row) => jobOf(row, content));
}

/** The first London day after `after` with a job (cancelled bookings aside), one fitter's or any; null if none. */
export async function nextJobDate(
  db: Database,
  { after, fitterId }: { after: string; fitterId?: number },
): Promise<string | null> {
  const [row] = await db
    .select({ date: min(bookings.date) })
    .from(bookings)
    .where(
      and(
        gt(bookings.date, after),
        ne(bookings.status, 'cancelled'),
        fitterId === undefined ? undefined : eq(bookings.fitterId, fitterId),
      ),
    );
  return row?.date ?? null;
}

/** One job's row, or null. */
export async function findJobRow(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await selectJobRows(db, eq(bookings.id, id));
  return row ?? null;
}
