import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { withCreatedDatabase } from '#tests/support/created-database.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { enquiries } from '../db/schema.ts';
import {
  backupSocketPath,
  NoServerListeningError,
  openBackupSocket,
  requestBackup,
} from './control-socket.ts';
import { BackupRefusedError, backUpDataDir } from './on-demand.ts';
import { restoreDataDir, RestoreRefusedError } from './restore.ts';

const folders: string[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
const logger = pino({ level: 'silent' });

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-restore-'));
  folders.push(folder);
  return folder;
}

/** A data directory holding a newly created database (skips initdb, about 3 s). */
const dataDirWithDatabase = () => withCreatedDatabase(tempFolder());

async function openOnDisk(dataDir: string) {
  const database = await openDatabase({ dataDir });
  cleanups.push(() => database.close());
  return database;
}

async function addEnquiries(database: DatabaseHandle, ...names: string[]) {
  await database.db.insert(enquiries).values(names.map((name) => ({ name, email: 'a@example.com' })));
}

async function enquiryNames(dataDir: string) {
  const database = await openOnDisk(dataDir);
  const rows = await database.db.select({ name: enquiries.name }).from(enquiries).orderBy(enquiries.id);
  return rows.map((row) => row.name);
}

describe('backups of the embedded database', () => {
  it('taken by a serving database through its socket, restore into an empty directory', async () => {
    const dataDir = withCreatedDatabase(path.join(tempFolder(), 'data'));
    const database = await openOnDisk(dataDir);
    await database.migrate();
    await addEnquiries(database, 'Before one', 'Before two');
    const socket = await openBackupSocket({ dataDir, dump: () => database.dump!(), logger });
    cleanups.push(async () => socket?.close());
    expect(fs.statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    const file = path.join(tempFolder(), 'backup.tar.gz');
    const backup = await backUpDataDir(dataDir, file);
    expect(backup).toMatchObject({ file, takenBy: 'server', bytes: fs.statSync(file).size });
    await addEnquiries(database, 'After');

    const restoredDir = path.join(tempFolder(), 'restored');
    const restored = await restoreDataDir(restoredDir, file);
    expect(restored.tables).toBeGreaterThan(5);
    expect(fs.readdirSync(restoredDir)).toEqual(['pgdata']);
    expect(await enquiryNames(restoredDir)).toEqual(['Before one', 'Before two']);
  }, 60_000);

  it('wait for a transaction in progress rather than copy it half done', async () => {
    const dataDir = dataDirWithDatabase();
    const database = await openOnDisk(dataDir);
    await database.migrate();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const firstInsertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(enquiries).values({ name: 'Part one', email: 'a@example.com' });
      inserted();
      await gate;
      await tx.insert(enquiries).values({ name: 'Part two', email: 'a@example.com' });
    });
    await firstInsertDone;
    let dumped = false;
    const dump = database.dump!().then((bytes) => ((dumped = true), bytes));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dumped).toBe(false);
    release();
    await transaction;
    const file = path.join(tempFolder(), 'backup.tar.gz');
    fs.writeFileSync(file, await dump);

    const restoredDir = path.join(tempFolder(), 'restored');
    await restoreDataDir(restoredDir, file);
    expect(await enquiryNames(restoredDir)).toEqual(['Part one', 'Part two']);
  }, 60_000);

  it('taken with no server running open the directory under its lock; a server without a socket is named', async () => {
    const dataDir = dataDirWithDatabase();
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await addEnquiries(database, 'Stored');
    await database.close();
    const file = path.join(tempFolder(), 'backup.tar.gz');

    // Another live process holds the directory (as a server of an older version would), and
    // nobody answers on the socket.
    const lock = path.join(dataDir, 'server.lock');
    fs.writeFileSync(
      lock,
      JSON.stringify({ pid: process.ppid, hostname: os.hostname(), processStart: null }),
    );
    const refused = backUpDataDir(dataDir, file, { waitForServerMs: 300 });
    await expect(refused).rejects.toThrow(BackupRefusedError);
    await expect(refused).rejects.toThrow(`Process ${process.ppid} has the data directory ${dataDir}`);
    fs.rmSync(lock);

    expect(await backUpDataDir(dataDir, file)).toMatchObject({ takenBy: 'this process' });
    expect(fs.existsSync(lock)).toBe(false);
    const restoredDir = path.join(tempFolder(), 'restored');
    await restoreDataDir(restoredDir, file);
    expect(await enquiryNames(restoredDir)).toEqual(['Stored']);

    await expect(backUpDataDir(tempFolder(), file)).rejects.toThrow(/There is no database in/);
    await expect(backUpDataDir(dataDir, path.join(dataDir, 'missing', 'b.tar.gz'))).rejects.toThrow(
      /The folder .* does not exist/,
    );
  }, 60_000);

  it('are never restored over a non-empty directory, and what is not a backup is refused', async () => {
    const busy = tempFolder();
    fs.writeFileSync(path.join(busy, 'notes.txt'), 'keep me');
    const backup = path.join(tempFolder(), 'backup.tar.gz');
    fs.writeFileSync(backup, 'not really');
    await expect(restoreDataDir(busy, backup)).rejects.toThrow(
      new RestoreRefusedError(
        `Not restoring: the data directory ${busy} is not empty. Restore into a missing or empty ` +
          'directory (set DATA_DIR), or move its contents away first.',
      ),
    );
    expect(fs.readdirSync(busy)).toEqual(['notes.txt']);

    const fresh = path.join(tempFolder(), 'data');
    await expect(restoreDataDir(fresh, backup)).rejects.toThrow(/is not a backup of the embedded database/);
    await expect(restoreDataDir(fresh, path.join(busy, 'absent.tar.gz'))).rejects.toThrow(
      /^Cannot read the backup .*absent\.tar\.gz: ENOENT/,
    );
    expect(fs.existsSync(fresh)).toBe(false);
  });

  it('answer only a backup request on the socket', async () => {
    const dataDir = tempFolder();
    const socket = await openBackupSocket({ dataDir, dump: async () => new Uint8Array([7, 8]), logger });
    cleanups.push(async () => socket?.close());
    expect(await requestBackup(backupSocketPath(dataDir))).toEqual(new Uint8Array([7, 8]));

    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      const connection = net.createConnection(backupSocketPath(dataDir), () =>
        connection.write('GET / HTTP/1.1\n'),
      );
      connection.on('data', (chunk) => (text += chunk));
      connection.on('end', () => resolve(text));
      connection.on('error', reject);
    });
    expect(JSON.parse(answer)).toEqual({ ok: false, error: 'Unknown request: send {"command":"backup"}.' });

    await socket!.close();
    expect(fs.existsSync(backupSocketPath(dataDir))).toBe(false);
  });

  it('are not offered on a socket whose path is too long for one, and the log says why', async () => {
    const dataDir = path.join(tempFolder(), 'a-data-directory-with-a-rather-long-name'.repeat(2));
    const warnings: string[] = [];
    const socket = await openBackupSocket({
      dataDir,
      dump: async () => new Uint8Array(),
      logger: pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) }),
    });
    expect(socket).toBeUndefined();
    expect(warnings.join('')).toContain('backup socket not opened');
    await expect(requestBackup(backupSocketPath(dataDir))).rejects.toThrow(NoServerListeningError);
  });
});
