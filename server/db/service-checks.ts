import { inArray, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { serviceChecks } from './schema.ts';

/**
 * How each outside service last answered (texts, vehicle data, ...), kept for the Settings tab:
 * when it last worked, and when and why it last failed. Recording never fails its caller: a
 * database that cannot take the note is no reason to lose the answer it is about.
 */

export type ServiceCheck = {
  service: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
};

/**
 * Where how each service last answered is noted for staff, given by the app to the domains that
 * ask outside services (vehicles, routing), each naming its own `Service`s.
 */
export type ServiceNotes<Service extends string = string> = {
  success(service: Service): Promise<void>;
  failure(service: Service, reason: string): Promise<void>;
  of(services: readonly Service[]): Promise<ServiceCheck[]>;
};

/** Notes kept in `service_checks` (the app's, and tests'). */
export const serviceNotesIn = <Service extends string>(db: Database): ServiceNotes<Service> => ({
  success: (service) => recordServiceSuccess(db, service),
  failure: (service, reason) => recordServiceFailure(db, service, reason),
  of: (services) => serviceChecksOf(db, services),
});

async function record(db: Database, service: string, values: Partial<typeof serviceChecks.$inferInsert>) {
  try {
    await db
      .insert(serviceChecks)
      .values({ service, ...values })
      .onConflictDoUpdate({ target: serviceChecks.service, set: values });
  } catch {
    // The note is for staff to read; the answer it is about stands without it.
  }
}

export const recordServiceSuccess = (db: Database, service: string) =>
  record(db, service, { lastSuccessAt: sql`now()` as unknown as Date });

/** `failure` is written for staff: a status and the service's own words, never a customer's data. */
export const recordServiceFailure = (db: Database, service: string, failure: string) =>
  record(db, service, { lastFailureAt: sql`now()` as unknown as Date, lastFailure: failure.slice(0, 500) });

/** The checks of these services, each with nulls where it has not answered yet. */
export async function serviceChecksOf(db: Database, services: readonly string[]): Promise<ServiceCheck[]> {
  const rows =
    services.length === 0
      ? []
      : await db
          .select()
          .from(serviceChecks)
          .where(inArray(serviceChecks.service, [...services]));
  return services.map((service) => {
    const row = rows.find((candidate) => candidate.service === service);
    return {
      service,
      lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      lastFailureAt: row?.lastFailureAt?.toISOString() ?? null,
      lastFailure: row?.lastFailure ?? null,
    };
  });
}
