import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The nightly backups' names: UTC time, so that their order by name is their order in time. */
const backupNamePattern = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/** `backup-2026-11-23T03-30-00Z.tar.gz` for a backup taken at that instant (colons are not portable). */
export function backupFileName(takenAt: Date): string {
  return `backup-${takenAt.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

/**
 * Writes the file so that it is either absent or complete, even after a crash or a full disk: into
 * a temporary file beside it, synced to disk, then renamed over the name (and the folder synced so
 * the rename lasts). A backup holds everything in the database, so only its owner may read it.
 */
export async function writeFileAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const folder = path.dirname(file);
  const temporary = path.join(
    folder,
    `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.partial`,
  );
  try {
    const handle = await fs.open(temporary, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  const directory = await fs.open(folder, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/** Deletes all but the newest `keep` nightly backups in the folder; returns the names deleted. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const backups = (await fs.readdir(folder)).filter((name) => backupNamePattern.test(name)).sort();
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) await fs.rm(path.join(folder, name), { force: true });
  return old;
}
