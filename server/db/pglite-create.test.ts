import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgliteDataDir } from './pglite-create.ts';

const dirs: string[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-create-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('creating the embedded database in a process of its own', () => {
  it('creates the files of a new database, and leaves an existing one as it is', async () => {
    const dataDir = path.join(tempDir(), 'pgdata');
    await createPgliteDataDir(dataDir);
    expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);

    const marker = path.join(dataDir, 'postgresql.auto.conf');
    const before = fs.statSync(marker).mtimeMs;
    await createPgliteDataDir(dataDir);
    expect(fs.statSync(marker).mtimeMs).toBe(before);
  });

  it('fails with the reason the child process gave', async () => {
    const blocker = path.join(tempDir(), 'a-file');
    fs.writeFileSync(blocker, '');
    await expect(createPgliteDataDir(path.join(blocker, 'pgdata'))).rejects.toThrow(
      /^Could not create the database in .*a-file\/pgdata: .*ENOTDIR/s,
    );
  });
});
