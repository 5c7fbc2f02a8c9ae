import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock, lockFileName } from '../db/data-dir-lock.ts';

/** A restore that would lose data or cannot work; its message is for the operator. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** Where the database lives inside DATA_DIR, as server/db/client.ts opens it. */
const databaseFolder = 'pgdata';

/**
 * Restores a backup (npm run db:backup, or a nightly one) into DATA_DIR, which must be missing or
 * empty: a restore never replaces a database. The files are unpacked into a folder beside the
 * final one, opened (PostgreSQL replays what the write-ahead log holds) and closed cleanly, and
 * only then given the name the server opens; on any failure DATA_DIR is left as it was.
 */
export async function restoreDataDir(
  dataDir: string,
  backupFile: string,
): Promise<{ tables: number; ms: number }> {
  const started = performance.now();
  refuseUnlessEmpty(dataDir);
  const tarball = readBackup(backupFile);
  const existed = fs.existsSync(dataDir);
  const lock = await acquireDataDirLock(dataDir);
  const staging = path.join(dataDir, `${databaseFolder}.restoring`);
  try {
    // Someone may have written into it between the first look and taking the lock.
    refuseUnlessEmpty(dataDir, [lockFileName]);
    const pg = await PGlite.create(staging, {
      loadDataDir: new Blob([tarball], { type: 'application/x-tar' }),
    });
    let tables: number;
    try {
      const { rows } = await pg.query<{ tables: number }>(
        "select count(*)::int as tables from pg_tables where schemaname = 'public'",
      );
      tables = rows[0]!.tables;
    } finally {
      await pg.close();
    }
    fs.renameSync(staging, path.join(dataDir, databaseFolder));
    syncFolder(dataDir);
    lock.release();
    return { tables, ms: Math.round(performance.now() - started) };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
    // The directory this restore created goes again, if nothing else was put into it.
    if (!existed) removeIfEmpty(dataDir);
    throw error;
  }
}

function refuseUnlessEmpty(dataDir: string, allowed: string[] = []) {
  let entries: string[];
  try {
    entries = fs.readdirSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new RestoreRefusedError(`Not restoring: ${dataDir} (DATA_DIR) is a file, not a directory.`);
    }
    throw error;
  }
  if (entries.some((entry) => !allowed.includes(entry))) {
    throw new RestoreRefusedError(
      `Not restoring: the data directory ${dataDir} is not empty. Restore into a missing or empty ` +
        'directory (set DATA_DIR), or move its contents away first.',
    );
  }
}

/** The backup's tar archive, after checking that it holds a database's files. */
function readBackup(file: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new RestoreRefusedError(`Cannot read the backup ${file}: ${(error as Error).message}`);
  }
  const notABackup = new RestoreRefusedError(
    `${file} is not a backup of the embedded database (made by npm run db:backup or the nightly backup).`,
  );
  let tarball: Uint8Array<ArrayBuffer>;
  try {
    // gzip's magic number: backups are gzipped, a tar unpacked by hand may not be.
    tarball = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes;
  } catch {
    throw notABackup;
  }
  if (!holdsTopLevelFile(tarball, 'PG_VERSION')) throw notABackup;
  return tarball;
}

/** Whether a tar archive holds `name` at its top (stored as `/name`, `./name` or `name`). */
function holdsTopLevelFile(tarball: Uint8Array, name: string): boolean {
  const bytes = Buffer.from(tarball.buffer, tarball.byteOffset, tarball.byteLength);
  const field = (start: number, length: number) =>
    bytes.toString('latin1', start, start + length).replace(/\0[\s\S]*$/, '');
  // Each entry: a 512-byte header (name at 0, size in octal at 124), then its data in 512-byte blocks.
  for (let offset = 0; offset + 512 <= bytes.length;) {
    const entry = field(offset, 100);
    if (entry === '') return false; // the blocks of zeros that end an archive
    if (entry.replace(/^\.?\//, '') === name) return true;
    const size = parseInt(field(offset + 124, 12).trim() || '0', 8);
    if (!Number.isInteger(size) || size < 0) return false;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

function removeIfEmpty(folder: string) {
  try {
    fs.rmdirSync(folder);
  } catch {
    // Not empty (or gone): left as it is.
  }
}

function syncFolder(folder: string) {
  const descriptor = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}
