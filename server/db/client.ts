import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { migrationsDir } from '../paths.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import {
  assertChannelName,
  listenPostgres,
  type NotificationHandlers,
  type Subscription,
} from './listener.ts';
import { dumpDatabaseFiles } from './pglite-dump.ts';
import { embeddedSessionLocks, postgresSessionLocks, type SessionLocks } from './session-locks.ts';
import { createPgliteDataDir } from './pglite-create.ts';
import { pgliteExtensions, pgliteStartParams } from './pglite-settings.ts';
import { PgliteThread } from './pglite-thread.ts';
import { withinTime } from './unreachable.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  readonly db: Database;
  readonly driver: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: the handlers hear every NOTIFY committed on it, by any process. The
   * embedded database has a single process and never interrupts.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Subscription>;
  /** A session of locks held until released or the process ends (session-locks.ts). */
  sessionLocks(): SessionLocks;
  /**
   * The embedded database only: a consistent copy of its files as a gzipped tar, taken while it
   * keeps serving (pglite-dump.ts). The backups are made of it.
   */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL server through a connection pool. */
  | { databaseUrl: string; poolMax?: number; logger?: Logger }
  /** Embedded PGlite in a directory (locked for this process) or, with 'memory', in memory. */
  | {
      dataDir: string | 'memory';
      logger?: Logger;
      /** In memory only: start from these files (a tar of a database's files) rather than anew. */
      initialFiles?: Blob;
    };

/**
 * A time as `Date.toISOString` writes it (UTC, milliseconds), from inside a statement: the
 * fraction is cut to milliseconds, as the drivers' Dates cut it.
 */
export const isoTime = (time: SQLWrapper) =>
  sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Runs raw SQL and returns its rows, for the few queries the query builder cannot express. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (PGlite, node-postgres) answer with an object holding `rows`.
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}

/** The worker's module: beside this one in the sources (run by tsx), or in the built bundle. */
const pgliteWorkerUrl = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker-source.mjs' : './pglite-worker.js',
  import.meta.url,
);

/** The longest wait for a pooled connection (PostgreSQL). */
const poolConnectTimeoutMs = 5_000;
/** The longest wait for the answer to `ping` (PostgreSQL). */
const pingTimeoutMs = 2_000;

/** An arbitrary fixed key for the advisory lock that serialises migrations between processes. */
const migrationLockKey = 727_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return 'databaseUrl' in options ? openPostgres(options) : openPglite(options.dataDir, options.initialFiles);
}

async function openPglite(dataDir: string, initialFiles?: Blob): Promise<DatabaseHandle> {
  const lock = dataDir === 'memory' ? null : await acquireDataDirLock(dataDir);
  try {
    // A database on disk gets a thread of its own (see pglite-thread.ts), once a process of its
    // own has created it if it is new (pglite-create.ts); the in-memory one of the tests stays in
    // this thread.
    if (lock) await createPgliteDataDir(path.join(dataDir, 'pgdata'));
    const client = lock
      ? new PgliteThread(pgliteWorkerUrl, path.join(dataDir, 'pgdata'))
      : new PGlite({
          loadDataDir: initialFiles,
          startParams: pgliteStartParams,
          extensions: pgliteExtensions,
        });
    await client.waitReady;
    const db = drizzlePglite(client as PGlite, { schema });
    const locks = embeddedSessionLocks();
    return {
      db,
      driver: 'pglite',
      migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
      ping: async () => {
        await client.query('select 1');
      },
      listen: async (channel, { notify }) => {
        assertChannelName(channel);
        const stop = await client.listen(channel, notify);
        return { close: async () => void (await stop()) };
      },
      sessionLocks: () => locks,
      dump: () => (client instanceof PgliteThread ? client.dump() : dumpDatabaseFiles(client)),
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(options: {
  databaseUrl: string;
  poolMax?: number;
  logger?: Logger;
}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolMax ?? 10,
    // While the server cannot be reached a request fails after this (and the site degrades)
    // rather than hanging; it is also the longest wait for a free connection under load.
    connectionTimeoutMillis: poolConnectTimeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'database connection lost'));
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    driver: 'postgres',
    migrate: async () => {
      // Several instances may start at once against one database: let one migrate at a time.
      await db.execute(sql`select pg_advisory_lock(${migrationLockKey})`);
      try {
        await migrateNodePg(db, { migrationsFolder: migrationsDir });
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${migrationLockKey})`);
      }
    },
    ping: async () => {
      // The readiness check answers promptly, even when every pooled connection is busy or hangs.
      await withinTime(pool.query('select 1'), pingTimeoutMs);
    },
    listen: (channel, handlers) => listenPostgres(options, channel, handlers),
    sessionLocks: () => postgresSessionLocks(options),
    close: () => pool.end(),
  };
}
