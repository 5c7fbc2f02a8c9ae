import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import type { MotTest } from '#common/vehicles/vehicle-data.ts';
import type { Database } from '../db/client.ts';
import { bookings, vehicles } from '../db/schema.ts';

/**
 * Where a vehicle's MOT expiry came from: an MOT done here (a year on), staff (by hand), or the
 * DVSA's MOT history.
 */
export type MotExpirySource = 'here' | 'staff' | 'dvsa';

/**
 * Records when `registration`'s MOT runs out (YYYY-MM-DD) and where that came from. What follows
 * from it (the MOT's reminders) is its callers'.
 */
export async function recordMotExpiry(
  tx: Database,
  registration: string,
  expiry: string,
  now: Date,
  source: MotExpirySource,
) {
  const values = { motExpiry: expiry, motExpirySource: source, updatedAt: now };
  await tx
    .insert(vehicles)
    .values({ registration, ...values })
    .onConflictDoUpdate({ target: vehicles.registration, set: values });
}

/**
 * A vehicle's MOT facts, its row locked until the transaction ends (made if it had none), so that
 * two readings of its MOT history, or one and staff's change, apply one after the other.
 */
export async function lockedMotFacts(tx: Database, registration: string, now: Date) {
  await tx.insert(vehicles).values({ registration, updatedAt: now }).onConflictDoNothing();
  const [vehicle] = await tx
    .select({
      motExpiry: vehicles.motExpiry,
      motExpirySource: vehicles.motExpirySource,
      motTest: vehicles.motTest,
    })
    .from(vehicles)
    .where(eq(vehicles.registration, registration))
    .for('update');
  return {
    motExpiry: vehicle!.motExpiry,
    source: vehicle!.motExpirySource as MotExpirySource | null,
    motTest: vehicle!.motTest as MotTest | null,
  };
}

/** A date staff set by hand (or stored before the source was kept): the DVSA's never replaces it. */
export const setByHand = (facts: { motExpiry: string | null; source: MotExpirySource | null }) =>
  facts.motExpiry !== null && (facts.source === 'staff' || facts.source === null);

/** Keeps the latest MOT test read from the DVSA, and when it was read. */
export async function recordMotTest(tx: Database, registration: string, test: MotTest | null, now: Date) {
  await tx
    .update(vehicles)
    .set({ motTest: test, motCheckedAt: now, updatedAt: now })
    .where(eq(vehicles.registration, registration));
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
