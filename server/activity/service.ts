import crypto from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Request } from 'express';
import type { ActivityEntry, ActivityKind } from '#common/accounts/accounts.ts';
import { isActivityKind } from '#common/accounts/accounts.ts';
import type { Database } from '../db/client.ts';
import { activityLog, users } from '../db/schema.ts';
import { installationKey } from '../db/installation-key.ts';

/** Who did something: a signed-in account, or the operator's command line (null). */
export type ActivityActor = { id: number; username: string } | null;

export type ActivityRecord = {
  actor: ActivityActor;
  kind: ActivityKind;
  /** The client's address (hashed before it is stored), when the action came over HTTP. */
  clientAddress?: string;
  target?: string;
  detail?: ActivityEntry['detail'];
  /** When it happened (the injected clock of tests); the database's time otherwise. */
  at?: Date;
};

/** The key of the client hashes, made once per installation. */
const clientKeyName = 'activity-client-key';

/**
 * A client's address as the log keeps it: an HMAC under a key of the installation's own, so that
 * entries from one client can be told apart from another's without the address itself being
 * stored or recoverable (a plain hash of an IPv4 address is undone by trying all 2^32).
 */
async function clientHash(db: Database, address: string): Promise<string> {
  return crypto
    .createHmac('sha256', await installationKey(db, clientKeyName))
    .update(address)
    .digest('hex')
    .slice(0, 12);
}

/** Records what a signed-in staff request did, with its account and client. */
export function recordStaffActivity(
  db: Database,
  req: Request,
  entry: Omit<ActivityRecord, 'actor' | 'clientAddress'>,
): Promise<void> {
  return recordActivity(db, { actor: req.user ?? null, clientAddress: req.ip, ...entry });
}

/** Writes one entry of the activity log. */
export async function recordActivity(db: Database, record: ActivityRecord): Promise<void> {
  await db.insert(activityLog).values({
    actorId: record.actor?.id ?? null,
    actorName: record.actor?.username ?? null,
    kind: record.kind,
    clientHash: record.clientAddress ? await clientHash(db, record.clientAddress) : null,
    target: record.target ?? null,
    detail: record.detail ?? {},
    ...(record.at && { occurredAt: record.at }),
  });
}

/** What the log names a vehicle by: its registration as stored (`vehicle AB12CDE`). */
export const vehicleTarget = (registration: string) => `vehicle ${registration}`;

/** A vehicle's entries once its keeper's data is erased. */
export const erasedVehicleTarget = 'vehicle (registration erased)';

/**
 * Takes these registrations out of the log (a customer's erasure): a registration identifies its
 * keeper, so their vehicles' entries keep what was done and by whom, but not to which vehicle.
 */
export async function forgetVehicles(db: Database, registrations: readonly string[]): Promise<void> {
  if (registrations.length === 0) return;
  await db
    .update(activityLog)
    .set({ target: erasedVehicleTarget })
    .where(inArray(activityLog.target, registrations.map(vehicleTarget)));
}

type ActivityQuery = { actorId?: number; kind?: ActivityKind; before?: number; limit: number };

/** A page of the log, newest first. */
export async function listActivity(db: Database, query: ActivityQuery): Promise<ActivityEntry[]> {
  const rows = await db
    .select({
      entry: activityLog,
      // The account's display name as it is now; else the username kept with the entry (which
      // outlives a deleted account).
      actorName: sql<string | null>`coalesce(${users.displayName}, ${activityLog.actorName})`,
    })
    .from(activityLog)
    .leftJoin(users, eq(users.id, activityLog.actorId))
    .where(
      and(
        query.actorId === undefined ? undefined : eq(activityLog.actorId, query.actorId),
        query.kind === undefined ? undefined : eq(activityLog.kind, query.kind),
        query.before === undefined ? undefined : lt(activityLog.id, query.before),
      ),
    )
    .orderBy(desc(activityLog.id))
    .limit(query.limit);
  return rows.map(({ entry: row, actorName }) => ({
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actor: actorName,
    actorId: row.actorId,
    kind: isActivityKind(row.kind) ? row.kind : 'sign-in',
    client: row.clientHash,
    target: row.target,
    detail: row.detail as ActivityEntry['detail'],
  }));
}

/** Entries are kept this many months. */
const activityRetentionMonths = 12;

/** Deletes the entries older than `activityRetentionMonths` before `now`; how many went. */
export async function purgeOldActivity(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - activityRetentionMonths);
  const deleted = await db
    .delete(activityLog)
    .where(lt(activityLog.occurredAt, sql`${cutoff.toISOString()}::timestamptz`))
    .returning({ id: activityLog.id });
  return deleted.length;
}
