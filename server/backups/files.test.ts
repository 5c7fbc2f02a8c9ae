import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, pruneBackups, writeFileAtomically } from './files.ts';

const folders: string[] = [];
function tempFolder() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe('backup files', () => {
  it('are named by their UTC time, so that names sort in time order', () => {
    expect(backupFileName(new Date('2026-11-23T03:30:00.123Z'))).toBe('backup-2026-11-23T03-30-00Z.tar.gz');
    const names = ['2026-12-01T03:30:00Z', '2026-11-30T03:30:00Z', '2027-01-01T03:30:00Z'].map((at) =>
      backupFileName(new Date(at)),
    );
    expect([...names].sort()).toEqual([names[1], names[0], names[2]]);
  });

  it('are written whole, readable by their owner only, replacing an older file of the name', async () => {
    const folder = tempFolder();
    const file = path.join(folder, 'backup.tar.gz');
    fs.writeFileSync(file, 'older');
    await writeFileAtomically(file, new Uint8Array([1, 2, 3]));
    expect([...fs.readFileSync(file)]).toEqual([1, 2, 3]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(folder)).toEqual(['backup.tar.gz']);
  });

  it('leave nothing behind when the write fails', async () => {
    const folder = tempFolder();
    // Renaming onto a non-empty directory fails after the temporary file is complete.
    const file = path.join(folder, 'taken');
    fs.mkdirSync(path.join(file, 'inside'), { recursive: true });
    await expect(writeFileAtomically(file, new Uint8Array([1]))).rejects.toThrow();
    expect(fs.readdirSync(folder)).toEqual(['taken']);
  });

  it('are pruned to the newest ones, leaving other files alone', async () => {
    const folder = tempFolder();
    const nights = Array.from({ length: 5 }, (_, night) =>
      backupFileName(new Date(Date.UTC(2026, 10, 20 + night, 3, 30))),
    );
    for (const name of [...nights].reverse()) fs.writeFileSync(path.join(folder, name), '');
    fs.writeFileSync(path.join(folder, 'before-upgrade.tar.gz'), '');
    fs.writeFileSync(path.join(folder, 'notes.txt'), '');

    expect(await pruneBackups(folder, 2)).toEqual(nights.slice(0, 3));
    expect(fs.readdirSync(folder).sort()).toEqual(
      ['before-upgrade.tar.gz', ...nights.slice(3), 'notes.txt'].sort(),
    );
    expect(await pruneBackups(folder, 14)).toEqual([]);
  });
});
