import { asc, eq, inArray } from 'drizzle-orm';
import type { VehicleHistory } from '#common/vehicles/vehicles.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { Database } from '../db/client.ts';
import { invoices, jobs, vehicles } from '../db/schema.ts';
import { jobOf, jobRowsOfRegistration } from './list.ts';

/** Every job on a registration (as stored: AB12CDE), newest first, with its record and invoices. */
export async function vehicleHistory(
  db: Database,
  content: SiteContent,
  registration: string,
): Promise<VehicleHistory> {
  const [rows, [known]] = await Promise.all([
    jobRowsOfRegistration(db, registration),
    db
      .select({ motExpiry: vehicles.motExpiry })
      .from(vehicles)
      .where(eq(vehicles.registration, registration)),
  ]);
  const ids = rows.map((row) => row.id);
  const [records, issued] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ id: jobs.bookingId, record: jobs.record, completedAt: jobs.completedAt })
            .from(jobs)
            .where(inArray(jobs.bookingId, ids)),
          db
            .select({
              bookingId: invoices.bookingId,
              number: invoices.number,
              kind: invoices.kind,
              total: invoices.grossPence,
              issuedAt: invoices.issuedAt,
            })
            .from(invoices)
            .where(inArray(invoices.bookingId, ids))
            .orderBy(asc(invoices.id)),
        ]);
  const recordOf = new Map(records.map((entry) => [entry.id, entry]));
  return {
    registration,
    vehicle: rows[0]?.vehicle ?? null,
    motExpiry: known?.motExpiry ?? null,
    jobs: rows.map((row) => {
      const job = jobOf(row, content);
      const done = recordOf.get(row.id);
      return {
        id: job.id,
        reference: job.reference,
        date: job.date,
        service: job.service,
        status: job.status,
        notCompletedReason: job.notCompletedReason,
        locationName: job.locationName,
        fitter: job.fitter?.name ?? null,
        record: done?.record ?? null,
        completedAt: done?.completedAt?.toISOString() ?? null,
        invoices: issued
          .filter((invoice) => invoice.bookingId === row.id)
          .map((invoice) => ({
            number: invoice.number,
            kind: invoice.kind as 'invoice' | 'credit-note',
            total: invoice.total,
            issuedAt: invoice.issuedAt.toISOString(),
          })),
      };
    }),
  };
}
