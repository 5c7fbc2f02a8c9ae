import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dueAfter, parseSchedule } from '../tasks/schedule.ts';
import { nightlyBackupTask } from './service.ts';

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function backupFolder() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nightly-backups-'));
  folders.push(parent);
  return path.join(parent, 'backups');
}

const context = { runSoon: () => {}, signal: new AbortController().signal };

describe('the nightly backup task', () => {
  it('runs at 03:30 London time each night, across the clock changes', () => {
    const { schedule } = nightlyBackupTask({
      dump: async () => new Uint8Array(),
      dir: '',
      keep: 1,
      clock: () => new Date(),
    });
    const nights: string[] = [];
    let last = new Date('2026-10-23T12:00:00Z');
    for (let night = 0; night < 3; night += 1) {
      last = dueAfter(parseSchedule(schedule), last, last)!;
      nights.push(last.toISOString());
    }
    // The middle one is the night the clocks go back (03:30 GMT = 03:30 UTC).
    expect(nights).toEqual([
      '2026-10-24T02:30:00.000Z',
      '2026-10-25T03:30:00.000Z',
      '2026-10-26T03:30:00.000Z',
    ]);
  });

  it('writes a backup named for its time into BACKUP_DIR, keeps the newest BACKUP_KEEP and says so', async () => {
    const dir = backupFolder();
    let now = new Date('2026-10-24T02:30:00Z');
    const task = nightlyBackupTask({
      dump: async () => new Uint8Array([31, 139, 8]),
      dir,
      keep: 2,
      clock: () => now,
    });
    const reports = [];
    for (const night of ['2026-10-24T02:30:00Z', '2026-10-25T03:30:00Z', '2026-10-26T03:30:00Z']) {
      now = new Date(night);
      reports.push(await task.run(context));
    }
    expect(fs.readdirSync(dir).sort()).toEqual([
      'backup-2026-10-25T03-30-00Z.tar.gz',
      'backup-2026-10-26T03-30-00Z.tar.gz',
    ]);
    expect(reports[0]).toEqual({ file: path.join(dir, 'backup-2026-10-24T02-30-00Z.tar.gz'), bytes: 3 });
    expect(reports[2]).toEqual({
      file: path.join(dir, 'backup-2026-10-26T03-30-00Z.tar.gz'),
      bytes: 3,
      deleted: ['backup-2026-10-24T02-30-00Z.tar.gz'],
      keep: 2,
    });
    // Only the server's user may read a backup, or list the folder.
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('fails when the backup cannot be taken, leaving no file behind', async () => {
    const dir = backupFolder();
    const task = nightlyBackupTask({
      dump: async () => {
        throw new Error('disk full');
      },
      dir,
      keep: 14,
      clock: () => new Date('2026-01-11T03:30:00Z'),
    });
    await expect(task.run(context)).rejects.toThrow('disk full');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
