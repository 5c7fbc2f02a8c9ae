import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { backupSocketPath, NoServerListeningError, requestBackup } from './control-socket.ts';
import { writeBackup, type BackupWritten } from './service.ts';

/** A backup that cannot be made as asked; its message is for the operator. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

/**
 * `npm run db:backup`: a backup of the database in DATA_DIR, written to `file`. While a server has
 * the data directory, that server takes it (no other process may open the files then); when none
 * does, the database is opened here, under the same lock a server takes, so that a server started
 * meanwhile waits its turn by refusing to start.
 */
export async function backUpDataDir(
  dataDir: string,
  file: string,
  { waitForServerMs = 10_000 } = {},
): Promise<BackupWritten & { takenBy: 'server' | 'this process' }> {
  checkDestination(file);
  const socketPath = backupSocketPath(dataDir);
  const deadline = Date.now() + waitForServerMs;
  for (;;) {
    try {
      return { ...(await writeBackup(() => requestBackup(socketPath), file)), takenBy: 'server' };
    } catch (error) {
      if (!(error instanceof NoServerListeningError)) throw error;
    }
    if (!fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
      throw new BackupRefusedError(`There is no database in ${dataDir} (DATA_DIR) to back up.`);
    }
    let database;
    try {
      database = await openDatabase({ dataDir });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      // A server still starting opens its socket once the database is migrated: ask again.
      if (Date.now() < deadline) {
        await sleep(250);
        continue;
      }
      throw new BackupRefusedError(
        `Process ${error.holderPid} has the data directory ${dataDir} but does not answer on ` +
          `${socketPath}; try again once it has started, or stop it.`,
      );
    }
    try {
      return { ...(await writeBackup(() => database.dump!(), file)), takenBy: 'this process' };
    } finally {
      await database.close();
    }
  }
}

function checkDestination(file: string) {
  const folder = path.dirname(file);
  if (!fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BackupRefusedError(`The folder ${folder} does not exist.`);
  }
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new BackupRefusedError(`${file} is a directory: give the backup's file name.`);
  }
}
