import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFileName } from './data-dir-lock.ts';

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function writeLock(record: object) {
  fs.writeFileSync(path.join(dataDir, lockFileName), JSON.stringify(record));
}

function readLockPid(): number {
  return JSON.parse(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8')).pid;
}

async function startIdleProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid!;
}

describe('acquireDataDirLock', () => {
  it('creates the directory, records this process and removes the lock on release', async () => {
    const nested = path.join(dataDir, 'a', 'b');
    const lock = await acquireDataDirLock(nested);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it('refuses a directory held by a running process, naming it and the process', async () => {
    const holder = await startIdleProcess();
    writeLock({
      pid: holder,
      hostname: os.hostname(),
      processStart: null,
      lockedAt: new Date().toISOString(),
    });

    await expect(acquireDataDirLock(dataDir)).rejects.toThrowError(DataDirLockedError);
    await expect(acquireDataDirLock(dataDir)).rejects.toThrowError(
      `The data directory ${dataDir} is already in use by process ${holder}.`,
    );
    expect(readLockPid()).toBe(holder);
  });

  it('takes over a lock left by a process that has died', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    writeLock({
      pid: child.pid,
      hostname: os.hostname(),
      processStart: null,
      lockedAt: new Date().toISOString(),
    });

    const lock = await acquireDataDirLock(dataDir);
    expect(readLockPid()).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process', async () => {
    const unrelated = await startIdleProcess();
    writeLock({
      pid: unrelated,
      hostname: os.hostname(),
      processStart: '1',
      lockedAt: new Date().toISOString(),
    });

    const lock = await acquireDataDirLock(dataDir);
    expect(readLockPid()).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose holder has died but is not yet reaped (a zombie)', async () => {
    // The shell's background child outlives its exit as a zombie: the process the shell becomes
    // (sleep) never reaps it, as a killed server's launcher killed with it never reaps the server.
    const shell = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(shell);
    const zombie = Number(
      await new Promise<string>((resolve) => shell.stdout!.once('data', (data) => resolve(String(data)))),
    );
    await expect.poll(() => fs.readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]![0]).toBe('Z');
    writeLock({
      pid: zombie,
      hostname: os.hostname(),
      processStart: null,
      lockedAt: new Date().toISOString(),
    });

    const lock = await acquireDataDirLock(dataDir, { waitForExitMs: 0 });
    expect(readLockPid()).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    fs.writeFileSync(path.join(dataDir, lockFileName), '{"pid": ');
    const lock = await acquireDataDirLock(dataDir);
    expect(readLockPid()).toBe(process.pid);
    lock.release();
  });

  it('leaves a lock alone on release when another process has taken it', async () => {
    const lock = await acquireDataDirLock(dataDir);
    writeLock({ pid: 1, hostname: os.hostname(), processStart: null, lockedAt: new Date().toISOString() });
    lock.release();
    expect(readLockPid()).toBe(1);
  });
});
