import { and, eq, gt, lt, notExists } from 'drizzle-orm';
import type { RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';
import type { Database } from '../db/client.ts';
import { bookings, vehicleLookups } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { askDvla, type DvlaAccess } from './dvla.ts';
import { createPause, type VehicleServiceNotes } from './outside-answer.ts';

/** How long the DVLA's answer for a registration is kept, found or not: a day. */
export const lookupKeptMs = 24 * 60 * 60 * 1000;

export type VehicleLookupResult =
  | { kind: 'found'; vehicle: RegisteredVehicle }
  | { kind: 'not-found' }
  /** The DVLA failed or is paused: the customer types the vehicle; ask again in `retryAfterSeconds`. */
  | { kind: 'unavailable'; retryAfterSeconds: number };

/**
 * A registration's vehicle as the DVLA registered it, its answers kept a day in `vehicle_lookups`
 * (a not-found too: a customer typing a wrong registration again costs no request). Failures are
 * kept for staff (service 'dvla'), never in the cache; after a 429, a 503 or no answer in time the
 * DVLA is not asked for a while (its Retry-After, else a minute), and every look-up meanwhile is
 * unavailable.
 */
export function createVehicleLookup({
  db,
  logger,
  clock,
  dvla,
  notes,
  timeoutMs,
}: {
  db: Database;
  notes: VehicleServiceNotes;
  logger: Logger;
  clock: () => Date;
  dvla: DvlaAccess;
  timeoutMs?: number;
}) {
  const pause = createPause(clock);
  return {
    /** `fresh`: the DVLA asked again whatever is kept (staff's "Look up again"). */
    async lookup(registration: string, { fresh = false } = {}): Promise<VehicleLookupResult> {
      if (!fresh) {
        const [kept] = await db
          .select({ answer: vehicleLookups.answer })
          .from(vehicleLookups)
          .where(
            and(
              eq(vehicleLookups.registration, registration),
              gt(vehicleLookups.lookedUpAt, new Date(clock().getTime() - lookupKeptMs)),
            ),
          );
        if (kept) {
          return kept.answer
            ? { kind: 'found', vehicle: kept.answer as RegisteredVehicle }
            : { kind: 'not-found' };
        }
      }
      const paused = pause.left();
      if (paused > 0) return { kind: 'unavailable', retryAfterSeconds: paused };
      const answer = await askDvla(dvla, registration, { now: clock, ...(timeoutMs && { timeoutMs }) });
      if (answer.kind === 'unavailable') {
        logger.warn({ reason: answer.reason, pauseSeconds: answer.pauseSeconds }, 'DVLA look-up failed');
        await notes.failure('dvla', answer.reason);
        if (answer.pauseSeconds) pause.start(answer.pauseSeconds);
        return { kind: 'unavailable', retryAfterSeconds: answer.pauseSeconds ?? 1 };
      }
      const vehicle = answer.kind === 'found' ? answer.found : null;
      await notes.success('dvla');
      const at = clock();
      await db
        .insert(vehicleLookups)
        .values({ registration, answer: vehicle, lookedUpAt: at })
        .onConflictDoUpdate({
          target: vehicleLookups.registration,
          set: { answer: vehicle, lookedUpAt: at },
        });
      return vehicle ? { kind: 'found', vehicle } : { kind: 'not-found' };
    },
  };
}

export type VehicleLookup = ReturnType<typeof createVehicleLookup>;

/** The DVLA's answer kept for a registration, however old (a vehicle's history, a data export). */
export async function keptLookupOf(db: Database, registration: string): Promise<RegisteredVehicle | null> {
  const [kept] = await db
    .select({ answer: vehicleLookups.answer })
    .from(vehicleLookups)
    .where(eq(vehicleLookups.registration, registration));
  return (kept?.answer as RegisteredVehicle | null | undefined) ?? null;
}

/**
 * Forgets the DVLA's answers kept longer than a day for registrations no booking names (looked up
 * as someone typed, never booked): a registration identifies its keeper. Those of booked vehicles
 * stay for their history, and go with the customer's erasure (mot-expiry.ts).
 */
export async function pruneVehicleLookups(db: Database, now: Date) {
  await db
    .delete(vehicleLookups)
    .where(
      and(
        lt(vehicleLookups.lookedUpAt, new Date(now.getTime() - lookupKeptMs)),
        notExists(
          db
            .select({ id: bookings.id })
            .from(bookings)
            .where(eq(bookings.registration, vehicleLookups.registration)),
        ),
      ),
    );
}
