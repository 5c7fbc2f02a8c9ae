import type { DatabaseHandle } from './client.ts';
import type { Subscription } from './listener.ts';

/**
 * The channel on which the database announces each committed change to what staff's reads are
 * made of (triggers of migration 0020), its payload naming what changed: `sessions` (a session
 * ended, an account or the security settings changed) or `jobs` (a booking, a job, a payment, a
 * photo, an invoice, a fitter's name); and to the tyre catalogue (migration 0028): `tyres`,
 * followed by the sizes changed (`tyres 205/55/16 195/65/15`) unless there were too many to name.
 */
const staffDataChannel = 'staff_data_changed';

/**
 * What a process keeps in memory of the database's staff data. It keeps nothing until changes can
 * be heard (`resume`), forgets everything at each change, and keeps nothing again while changes
 * cannot be heard (`suspend`), so that nothing it answers is older than the last change it heard.
 */
export type KeptMemory = {
  /** Forgets what changed: what `detail` names (the payload after its kind), else everything. */
  forget(detail?: string): void;
  suspend(): void;
  resume(): void;
};

type StaffDataMemories = Record<'sessions' | 'jobs' | 'vehicles' | 'tyres', KeptMemory>;

/** The memories each kind of change forgets: a vehicle's history is made of its jobs. */
const forgottenBy: Record<string, readonly (keyof StaffDataMemories)[]> = {
  sessions: ['sessions'],
  jobs: ['jobs', 'vehicles'],
  tyres: ['tyres'],
};

/**
 * Keeps this process's memories true to the database at every change made by any process, from
 * now until the subscription is closed. A payload it does not know forgets them all.
 */
export async function watchStaffData(
  database: Pick<DatabaseHandle, 'listen'>,
  memories: StaffDataMemories,
): Promise<Subscription> {
  const all = Object.values(memories);
  const subscription = await database.listen(staffDataChannel, {
    notify: (payload) => {
      const space = payload.indexOf(' ');
      const kind = space === -1 ? payload : payload.slice(0, space);
      const forgetting = Object.hasOwn(forgottenBy, kind) ? forgottenBy[kind]! : undefined;
      if (forgetting) {
        for (const name of forgetting)
          memories[name].forget(space === -1 ? undefined : payload.slice(space + 1));
      } else for (const each of all) each.forget();
    },
    interrupted: () => {
      for (const memory of all) memory.suspend();
    },
    resumed: () => {
      for (const memory of all) memory.resume();
    },
  });
  for (const memory of all) memory.resume();
  return {
    close: async () => {
      for (const memory of all) memory.suspend();
      await subscription.close();
    },
  };
}

/**
 * The state every kept memory shares: whether it may keep anything, and the generation of what it
 * keeps, moved on at each change so that a read begun before a change is not kept after it.
 */
export function keptState(onForget: () => void) {
  let heard = false;
  let generation = 0;
  const forget = () => {
    generation += 1;
    onForget();
  };
  return {
    /** Whether changes are heard, and so whether anything may be kept. */
    get heard() {
      return heard;
    },
    get generation() {
      return generation;
    },
    forget,
    suspend: () => {
      heard = false;
      forget();
    },
    resume: () => {
      forget();
      heard = true;
    },
  };
}
