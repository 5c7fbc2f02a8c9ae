import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookings, vehicles } from '../db/schema.ts';

/**
 * Records when `registration`'s MOT runs out (YYYY-MM-DD): a year on from an MOT done here, or as
 * staff set it. What follows from it (the MOT's reminders) is its callers'.
 */
export async function recordMotExpiry(tx: Database, registration: string, expiry: string, now: Date) {
  await tx
    .insert(vehicles)
    .values({ registration, motExpiry: expiry, updatedAt: now })
    .onConflictDoUpdate({ target: vehicles.registration, set: { motExpiry: expiry, updatedAt: now } });
}

/** The MOT expiry stored for `registration`, or null. */
export async function motExpiryOf(db: Database, registration: string): Promise<string | null> {
  const [vehicle] = await db
    .select({ motExpiry: vehicles.motExpiry })
    .from(vehicles)
    .where(eq(vehicles.registration, registration));
  return vehicle?.motExpiry ?? null;
}

/** The MOT expiry stored for each of these vehicles that has one (a person's data export). */
export async function motExpiriesOf(
  db: Database,
  registrations: string[],
): Promise<{ registration: string; motExpiry: string | null }[]> {
  if (registrations.length === 0) return [];
  return db
    .select({ registration: vehicles.registration, motExpiry: vehicles.motExpiry })
    .from(vehicles)
    .where(inArray(vehicles.registration, registrations))
    .orderBy(asc(vehicles.registration));
}

/**
 * Forgets what is known of these vehicles that no booking names any more (a customer's erasure,
 * after their bookings went): a registration identifies its keeper.
 */
export async function forgetUnbookedVehicles(tx: Database, registrations: readonly string[]) {
  if (registrations.length === 0) return;
  await tx
    .delete(vehicles)
    .where(
      and(
        inArray(vehicles.registration, [...registrations]),
        notExists(
          tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(eq(bookings.registration, vehicles.registration)),
        ),
      ),
    );
}
