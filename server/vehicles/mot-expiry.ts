import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { StoredVehicle } from '#common/privacy/privacy.ts';
import type { MotTest, RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';
import type { Database } from '../db/client.ts';
import { bookings, vehicleLookups, vehicles } from '../db/schema.ts';

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

/**
 * What is stored of each of these vehicles (a person's data export): its MOT expiry and where it
 * came from, its latest MOT test as the DVSA gave it, and the DVLA's record kept of it.
 */
export async function motExpiriesOf(db: Database, registrations: string[]): Promise<StoredVehicle[]> {
  if (registrations.length === 0) return [];
  const [known, lookedUp] = await Promise.all([
    db
      .select({
        registration: vehicles.registration,
        motExpiry: vehicles.motExpiry,
        motExpirySource: vehicles.motExpirySource,
        motTest: vehicles.motTest,
        motCheckedAt: vehicles.motCheckedAt,
      })
      .from(vehicles)
      .where(inArray(vehicles.registration, registrations)),
    db
      .select({ registration: vehicleLookups.registration, answer: vehicleLookups.answer })
      .from(vehicleLookups)
      .where(inArray(vehicleLookups.registration, registrations)),
  ]);
  return [...new Set([...known, ...lookedUp].map((row) => row.registration))].sort().map((registration) => {
    const vehicle = known.find((row) => row.registration === registration);
    return {
      registration,
      motExpiry: vehicle?.motExpiry ?? null,
      motExpirySource: (vehicle?.motExpirySource as MotExpirySource | null | undefined) ?? null,
      motTest: (vehicle?.motTest as MotTest | null | undefined) ?? null,
      motCheckedAt: vehicle?.motCheckedAt?.toISOString() ?? null,
      registered:
        (lookedUp.find((row) => row.registration === registration)?.answer as RegisteredVehicle | null) ??
        null,
    };
  });
}

/**
 * Forgets what is known of these vehicles that no booking names any more, their MOT test and the
 * DVLA's answer with them (a customer's erasure, after their bookings went): a registration
 * identifies its keeper.
 */
export async function forgetUnbookedVehicles(tx: Database, registrations: readonly string[]) {
  if (registrations.length === 0) return;
  // The DVLA's answers kept of them too, looked up as the customer typed or staff asked.
  await tx
    .delete(vehicleLookups)
    .where(
      and(
        inArray(vehicleLookups.registration, [...registrations]),
        notExists(
          tx
            .select({ id: bookings.id })
            .from(bookings)
            .where(eq(bookings.registration, vehicleLookups.registration)),
        ),
      ),
    );
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
