import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { jobStatusOf, notCompletedReasonOf, type VehicleHistory } from '#common/jobs/jobs.ts';
import type { Database } from '../db/client.ts';
import { staffNameSql } from '../db/staff-names.ts';
import type { MotTest } from '#common/vehicles/vehicle-data.ts';
import { bookings, invoices, jobs, users, vehicles } from '../db/schema.ts';
import { keptLookupOf } from './lookup.ts';
import type { MotExpirySource } from './mot-expiry.ts';

/** What a visit shows of a job: its booking, what the fitter made of it, and who the fitter was. */
const visitColumns = {
  id: bookings.id,
  reference: bookings.reference,
  date: bookings.date,
  bookingStatus: bookings.status,
  jobStatus: jobs.status,
  notCompletedReason: jobs.notCompletedReason,
  locationName: bookings.locationName,
  vehicle: bookings.vehicle,
  service: bookings.serviceTitle,
  fitterName: staffNameSql,
  record: jobs.record,
  completedAt: jobs.completedAt,
};

/**
 * Every job on a registration (as stored: AB12CDE), newest first, with its record and invoices,
 * cancelled bookings aside; the vehicle's make and model as last booked, its MOT expiry and latest
 * MOT test, and what the DVLA last said of it.
 */
export async function vehicleHistory(db: Database, registration: string): Promise<VehicleHistory> {
  const [rows, [known], registered] = await Promise.all([
    db
      .select(visitColumns)
      .from(bookings)
      .leftJoin(jobs, eq(jobs.bookingId, bookings.id))
      .leftJoin(users, eq(users.id, bookings.fitterId))
      .where(and(eq(bookings.registration, registration), ne(bookings.status, 'cancelled')))
      .orderBy(desc(bookings.date), desc(bookings.startTime), desc(bookings.id)),
    db
      .select({
        motExpiry: vehicles.motExpiry,
        motExpirySource: vehicles.motExpirySource,
        motTest: vehicles.motTest,
        motCheckedAt: vehicles.motCheckedAt,
      })
      .from(vehicles)
      .where(eq(vehicles.registration, registration)),
    keptLookupOf(db, registration),
  ]);
  const ids = rows.map((row) => row.id);
  const issued =
    ids.length === 0
      ? []
      : await db
          .select({
            bookingId: invoices.bookingId,
            number: invoices.number,
            kind: invoices.kind,
            total: invoices.grossPence,
            issuedAt: invoices.issuedAt,
          })
          .from(invoices)
          .where(inArray(invoices.bookingId, ids))
          .orderBy(asc(invoices.id));
  return {
    registration,
    vehicle: rows[0]?.vehicle ?? null,
    motExpiry: known?.motExpiry ?? null,
    motExpirySource: (known?.motExpirySource as MotExpirySource | null | undefined) ?? null,
    motTest: (known?.motTest as MotTest | null | undefined) ?? null,
    motCheckedAt: known?.motCheckedAt?.toISOString() ?? null,
    registered,
    jobs: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      date: row.date,
      service: row.service,
      status: jobStatusOf(row.bookingStatus, row.jobStatus),
      notCompletedReason: notCompletedReasonOf(row.bookingStatus, row.notCompletedReason),
      locationName: row.locationName,
      fitter: row.fitterName,
      record: row.record,
      completedAt: row.completedAt?.toISOString() ?? null,
      invoices: issued
        .filter((invoice) => invoice.bookingId === row.id)
        .map((invoice) => ({
          number: invoice.number,
          kind: invoice.kind as 'invoice' | 'credit-note',
          total: invoice.total,
          issuedAt: invoice.issuedAt.toISOString(),
        })),
    })),
  };
}
