import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Locks that one session holds until it releases them, or until it ends with its process: the
 * background tasks' "one run at a time" across processes (server/tasks). A lock is a number; a
 * session takes each at most once.
 */
export type SessionLocks = {
  /** Takes the lock unless a session (this one included) holds it; true when taken. */
  tryLock(key: number): Promise<boolean>;
  unlock(key: number): Promise<void>;
  /** Those of `keys` that any session holds now. */
  heldOf(keys: readonly number[]): Promise<Set<number>>;
  /** Releases every lock this session holds. */
  close(): Promise<void>;
};

/**
 * The first half of PostgreSQL's two-number advisory locks that the sessions take: the other half
 * is the lock's own number. Other advisory locks of the product take single numbers, which
 * PostgreSQL keeps apart from pairs.
 */
const sessionLockSpace = 727_100;

/**
 * The embedded database's: its data directory is one process's alone (data-dir-lock.ts), so the
 * process's memory is where its locks are held, shared by every session of the database. They go
 * with the process, as PostgreSQL's go with a session.
 */
export function embeddedSessionLocks(): SessionLocks {
  const held = new Set<number>();
  return {
    tryLock: async (key) => {
      if (held.has(key)) return false;
      held.add(key);
      return true;
    },
    unlock: async (key) => void held.delete(key),
    heldOf: async (keys) => new Set(keys.filter((key) => held.has(key))),
    close: async () => {},
  };
}

/**
 * A PostgreSQL server's: session advisory locks (`pg_try_advisory_lock`), on a connection of this
 * session's own, opened at the first lock (a pooled connection goes back to the pool between
 * statements, and a lock must be released on the connection that took it). When the connection
 * drops, the server releases its locks, and the next lock opens another.
 */
export function postgresSessionLocks(options: { databaseUrl: string; logger?: Logger }): SessionLocks {
  let connection: Promise<pg.Client> | null = null;
  const held = new Set<number>();

  const connect = () => {
    const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000 });
    const opened: Promise<pg.Client> = client.connect().then(
      () => client,
      (error: unknown) => {
        if (connection === opened) connection = null;
        client.end().catch(() => undefined);
        throw error;
      },
    );
    const lost = (error?: Error) => {
      if (connection !== opened) return;
      connection = null;
      client.end().catch(() => undefined);
      if (held.size > 0) {
        options.logger?.warn(
          { err: error, locks: held.size },
          'the connection holding the background tasks’ locks was lost: the runs under way go on unguarded',
        );
      }
      held.clear();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    return opened;
  };

  const query = async <Row>(text: string, values: unknown[]): Promise<Row[]> => {
    connection ??= connect();
    return (await (await connection).query(text, values)).rows as Row[];
  };

  return {
    tryLock: async (key) => {
      if (held.has(key)) return false;
      const [row] = await query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        sessionLockSpace,
        key,
      ]);
      if (row?.locked) held.add(key);
      return row?.locked === true;
    },
    unlock: async (key) => {
      // A lock of a connection since lost went with it.
      if (!held.delete(key)) return;
      await query('select pg_advisory_unlock($1, $2)', [sessionLockSpace, key]);
    },
    heldOf: async (keys) => {
      const rows = await query<{ key: number }>(
        `select objid::text::int as key from pg_locks
         where locktype = 'advisory' and classid = $1 and objsubid = 2 and granted
           and database = (select oid from pg_database where datname = current_database())`,
        [sessionLockSpace],
      );
      const taken = new Set(rows.map((row) => row.key));
      return new Set(keys.filter((key) => taken.has(key)));
    },
    close: async () => {
      const closing = connection;
      connection = null;
      held.clear();
      if (closing) await (await closing.catch(() => null))?.end();
    },
  };
}
