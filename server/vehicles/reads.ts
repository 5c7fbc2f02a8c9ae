import { keptState } from '../db/staff-data.ts';
import { createReadCache } from '../http/read-cache.ts';
import { prepareJson, type PreparedJson } from '../http/prepared-json.ts';
import type { Database } from '../db/client.ts';
import { vehicleHistory } from './history.ts';

/**
 * How long a vehicle's history is kept at most, changes or not: a bound on memory, not on how
 * fresh an answer is (any change forgets them at once).
 */
const keptMs = 5 * 60 * 1000;

/**
 * Vehicles' histories as GET /api/vehicles answers them, kept in this process between changes:
 * the office's screens asking again and again cost one query until something changes. Kept only
 * while the database's announcements of changed jobs (a vehicle's MOT expiry among them) are
 * heard (db/staff-data.ts), each of which forgets them all; without them (the tests, or while the
 * database cannot be heard) every read is a query.
 */
export function createVehicleReads({ db }: { db: Database }) {
  const histories = createReadCache<PreparedJson>({ ttlMs: keptMs, maxEntries: 2_000 });
  const state = keptState(() => histories.clear());
  return {
    forget: state.forget,
    suspend: state.suspend,
    resume: state.resume,
    /** A vehicle's history, by its registration as stored (AB12CDE). */
    async history(registration: string): Promise<PreparedJson> {
      const load = async () => prepareJson(await vehicleHistory(db, registration));
      return state.heard ? histories.get(registration, load) : load();
    },
  };
}

export type VehicleReads = ReturnType<typeof createVehicleReads>;
