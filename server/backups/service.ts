import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openBackupSocket } from './control-socket.ts';
import { importFile } from '../tyres/import.ts';
import { resetAccessByUsername } from '../accounts/operator.ts';
import { backupFileName, pruneBackups, writeFileAtomically } from './files.ts';
import { nextBackupAt } from './schedule.ts';
import type { Clock } from '../clock.ts';

/** Where a backup comes from: the embedded database's consistent copy of its files. */
export type DumpDatabase = () => Promise<Uint8Array>;

export type BackupWritten = { file: string; bytes: number; ms: number };

/** Takes a backup and writes it to the file (replacing it atomically). */
export async function writeBackup(dump: DumpDatabase, file: string): Promise<BackupWritten> {
  const started = performance.now();
  const backup = await dump();
  await writeFileAtomically(file, backup);
  return { file, bytes: backup.byteLength, ms: Math.round(performance.now() - started) };
}

export type NightlyBackupOptions = {
  dump: DumpDatabase;
  /** BACKUP_DIR */
  dir: string;
  /** BACKUP_KEEP: how many of the newest backups stay. */
  keep: number;
  logger: Logger;
  now?: () => Date;
};

/**
 * Every night at 03:30 London time, a backup into `dir` (then all but the newest `keep` are
 * deleted). A failure is logged and the next night tries again; it never stops the server.
 */
export function startNightlyBackups({
  dump,
  dir,
  keep,
  logger,
  now = () => new Date(),
}: NightlyBackupOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const runOnce = async () => {
    const file = path.join(dir, backupFileName(now()));
    try {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const written = await writeBackup(dump, file);
      logger.info(written, 'nightly backup written');
      const deleted = await pruneBackups(dir, keep);
      if (deleted.length > 0) logger.info({ dir, deleted, keep }, 'old backups deleted');
    } catch (error) {
      logger.error({ err: error, dir }, 'nightly backup failed');
    }
  };

  const schedule = (after: Date) => {
    const due = nextBackupAt(after);
    timer = setTimeout(
      () => {
        running = runOnce().finally(() => {
          running = undefined;
          // From the planned time, not the clock: a timer that fires a moment early runs once.
          const current = now();
          if (!stopped) schedule(current > due ? current : due);
        });
      },
      Math.max(0, due.getTime() - now().getTime()),
    );
    timer.unref();
    return due;
  };

  // A folder that cannot be made shows in the log now, not first at half past three.
  fs.mkdir(dir, { recursive: true, mode: 0o700 }).catch((error: unknown) =>
    logger.error(
      { err: error, dir },
      'cannot create the backup folder (BACKUP_DIR): nightly backups will fail',
    ),
  );
  const firstDue = schedule(now());
  logger.info({ dir, keep, next: firstDue.toISOString() }, 'nightly backups scheduled');
  return {
    /** Cancels the next run and waits for one in progress (it needs the database open). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The embedded database's backups, while the server runs: the nightly ones, and those that
 * `npm run db:backup` asks for through a socket in DATA_DIR (which `npm run admin:reset` uses too). Nothing for a PostgreSQL server
 * (its operator uses pg_dump).
 */
export async function startBackups({
  config,
  database,
  logger,
  clock,
}: {
  config: Pick<Config, 'dataDir' | 'backups' | 'publicUrl'>;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
}): Promise<{ stop(): Promise<void> }> {
  if (!database.dump) return { stop: async () => {} };
  const dump = () => database.dump!();
  const nightly = startNightlyBackups({ dump, ...config.backups, logger, now: clock });
  const socket = await openBackupSocket({
    dataDir: config.dataDir,
    dump,
    resetAccess: (username) =>
      resetAccessByUsername(database.db, username, { now: clock(), publicUrl: config.publicUrl }),
    importTyres: ({ file, supplier, full }) =>
      importFile(database.db, { file, supplierName: supplier, full }),
    logger,
  });
  return {
    async stop() {
      await Promise.all([nightly.stop(), socket?.close()]);
    },
  };
}
