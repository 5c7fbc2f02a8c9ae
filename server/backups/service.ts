import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { openBackupSocket } from './control-socket.ts';
import { importFileByTask } from '../tyres/import-task.ts';
import { createTaskRequests } from '../tasks/requests.ts';
import type { TaskRunner } from '../tasks/runner.ts';
import type { TaskDefinition } from '../tasks/types.ts';
import { resetAccessByUsername } from '../accounts/operator.ts';
import { addStaffAccount } from '../auth/initial-admin.ts';
import { backupFileName, pruneBackups, writeFileAtomically } from './files.ts';
import type { Clock } from '../clock.ts';

/** Where a backup comes from: the embedded database's consistent copy of its files. */
type DumpDatabase = () => Promise<Uint8Array>;

export type BackupWritten = { file: string; bytes: number; ms: number };

/** Takes a backup and writes it to the file (replacing it atomically). */
export async function writeBackup(dump: DumpDatabase, file: string): Promise<BackupWritten> {
  const started = performance.now();
  const backup = await dump();
  await writeFileAtomically(file, backup);
  return { file, bytes: backup.byteLength, ms: Math.round(performance.now() - started) };
}

/**
 * When the nightly backup runs, London time: the quietest hour of a business open by day, and
 * clear of 01:00-02:00, the hour that the clock changes skip or repeat.
 */
const nightlyBackupSchedule = 'daily at 03:30';

/**
 * The background task `backup`: every night at 03:30 London time, a backup into `dir` (then all
 * but the newest `keep` are deleted). A failure is logged and recorded, and the next night tries
 * again; a night missed while the server was stopped is made up as soon as it is back.
 */
export function nightlyBackupTask({
  dump,
  dir,
  keep,
  clock,
}: {
  dump: DumpDatabase;
  /** BACKUP_DIR */
  dir: string;
  /** BACKUP_KEEP: how many of the newest backups stay. */
  keep: number;
  clock: Clock;
}): TaskDefinition {
  return {
    name: 'backup',
    schedule: nightlyBackupSchedule,
    run: async () => {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const { file, bytes } = await writeBackup(dump, path.join(dir, backupFileName(clock())));
      const deleted = await pruneBackups(dir, keep);
      return { file, bytes, ...(deleted.length > 0 && { deleted, keep }) };
    },
  };
}

/**
 * The embedded database's backups, while the server runs: the nightly ones (the task `backup`),
 * and those that `npm run db:backup` asks for through a socket in DATA_DIR (the task
 * `backup-copy`, run on request), which `npm run admin:create`, `npm run admin:reset` and
 * `npm run tyres:import` use too.
 * Nothing for a PostgreSQL server (its operator uses pg_dump).
 */
export function embeddedDatabaseBackups({
  config,
  database,
  logger,
  clock,
}: {
  config: Pick<Config, 'dataDir' | 'backups' | 'publicUrl'>;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
}) {
  if (!database.dump) return { tasks: [], openSocket: async () => ({ close: async () => {} }) };
  const dump = () => database.dump!();
  const copies = createTaskRequests<null, Uint8Array>('backup-copy');
  const backupCopyTask: TaskDefinition = {
    name: 'backup-copy',
    schedule: 'on request',
    run: async () => {
      const taken = await copies.answerAll(dump);
      if (taken.length === 0) return undefined;
      return { copies: taken.length, bytes: taken.map((backup) => backup.byteLength) };
    },
  };
  return {
    tasks: [nightlyBackupTask({ dump, ...config.backups, clock }), backupCopyTask],
    /** Opens the socket, whose requests the tasks of `tasks` do; undefined when it cannot be opened. */
    async openSocket(tasks: Pick<TaskRunner, 'runSoon'>) {
      // A folder that cannot be made shows in the log now, not first at half past three.
      await fs
        .mkdir(config.backups.dir, { recursive: true, mode: 0o700 })
        .catch((error: unknown) =>
          logger.error(
            { err: error, dir: config.backups.dir },
            'cannot create the backup folder (BACKUP_DIR): nightly backups will fail',
          ),
        );
      const socket = await openBackupSocket({
        dataDir: config.dataDir,
        dump: () => copies.ask(tasks, null),
        createAccount: async (account) => {
          await addStaffAccount(database.db, account, { onlyIfFirst: false });
          return { username: account.username.trim() };
        },
        resetAccess: (username) =>
          resetAccessByUsername(database.db, username, { now: clock(), publicUrl: config.publicUrl }),
        importTyres: ({ file, supplier, full }) =>
          importFileByTask(database.db, tasks, { file, supplierName: supplier, full }),
        logger,
      });
      return { close: async () => socket?.close() };
    },
  };
}
