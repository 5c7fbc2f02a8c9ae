import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite's files are corrupted when two processes open the same directory, so the server holds
 * an exclusive lock file in DATA_DIR for as long as it runs. A lock whose process has died (killed,
 * crashed, machine restarted) is recognised as stale and taken over. A holder that is dying (a
 * server killed a moment ago, which the kernel is still tearing down: a supervisor restarting at
 * once meets it) is waited for, up to `waitForExitMs`, rather than refused.
 */

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by process ${holderPid}. ` +
        'Stop that process first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

type LockRecord = { pid: number; hostname: string; processStart: string | null; lockedAt: string };

type DataDirLock = { readonly path: string; release(): void };

export const lockFileName = 'server.lock';

/** How long start-up waits for a lock holder that is exiting. */
const defaultWaitForExitMs = 10_000;

export async function acquireDataDirLock(
  dataDir: string,
  { waitForExitMs = defaultWaitForExitMs }: { waitForExitMs?: number } = {},
): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  const record: LockRecord = {
    pid: process.pid,
    hostname: os.hostname(),
    processStart: processStartTime(process.pid),
    lockedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(record), { flag: 'wx', mode: 0o600 });
      return { path: lockPath, release: () => releaseIfOurs(lockPath) };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const holder = readLock(lockPath);
    if (holder && isAlive(holder) && !(await exitedWithin(holder, waitForExitMs))) {
      throw new DataDirLockedError(dataDir, holder.pid);
    }
    // Stale: its process is gone. Remove it and try again.
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not take the lock ${lockPath}; another process keeps replacing it.`);
}

function releaseIfOurs(lockPath: string) {
  const holder = readLock(lockPath);
  if (holder?.pid === process.pid) fs.rmSync(lockPath, { force: true });
}

function readLock(lockPath: string): LockRecord | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      Number.isInteger(parsed.pid)
    ) {
      return parsed as LockRecord;
    }
  } catch {
    // Unreadable or half-written: treated as stale.
  }
  return null;
}

function isAlive(holder: LockRecord): boolean {
  // A lock written on another machine (shared disk) cannot be checked; respect it.
  if (holder.hostname !== os.hostname()) return true;
  // Same pid as ours: a previous run in a container that always starts as pid 1.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if (!isErrno(error, 'EPERM')) return false;
  }
  // The pid is taken; make sure it is still the process that wrote the lock, not a reuse.
  const start = processStartTime(holder.pid);
  return start === null || holder.processStart === null || start === holder.processStart;
}

/**
 * Whether a living holder is on its way out and has gone within `waitMs`: a process the kernel
 * marks as exiting, a zombie, or one with a SIGKILL pending (Linux; elsewhere none is known to be
 * exiting, and the lock is refused at once as before).
 */
async function exitedWithin(holder: LockRecord, waitMs: number): Promise<boolean> {
  if (!isExiting(holder.pid)) return false;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!isAlive(holder) || isZombie(holder.pid)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The fields of /proc/{pid}/stat after the parenthesised command name (which may hold spaces). */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The kernel's start time of a process (Linux, field 22), to tell a reused pid from the original. */
function processStartTime(pid: number): string | null {
  return statFields(pid)?.[19] ?? null;
}

/** A zombie (Z) or dead (X) task has let go of everything; only its parent has yet to reap it. */
function isZombie(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state === 'Z' || state === 'X';
}

/** The kernel's PF_EXITING flag (field 9), set once a process has begun to exit. */
const exitingFlag = 0x4;
/** SIGKILL's bit in the pending-signal masks of /proc/{pid}/status. */
const sigkillBit = 1n << 8n;

function isExiting(pid: number): boolean {
  const fields = statFields(pid);
  if (!fields) return false;
  if (isZombie(pid) || (Number(fields[6]) & exitingFlag) !== 0) return true;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return [...status.matchAll(/^(?:ShdPnd|SigPnd):\s*([0-9a-f]+)$/gm)].some(
      ([, mask]) => (BigInt(`0x${mask}`) & sigkillBit) !== 0n,
    );
  } catch {
    return false;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
