import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startNightlyBackups } from './service.ts';

const folders: string[] = [];
let logLines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });

beforeEach(() => {
  logLines = [];
  // Only the clock and the timers are faked: the file system and its promises stay real.
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function backupFolder() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'nightly-backups-'));
  folders.push(parent);
  return path.join(parent, 'backups');
}

const finishedRuns = () =>
  logLines.filter((line) => line.msg === 'nightly backup written' || line.msg === 'nightly backup failed')
    .length;

/**
 * Moves the clock on, then waits for the (real) file writes of the backups that fell due, and for
 * the next night's timer.
 */
async function advanceTo(instant: string, runsByThen: number) {
  await vi.advanceTimersByTimeAsync(Date.parse(instant) - Date.now());
  await vi.waitFor(
    () => {
      expect(finishedRuns()).toBe(runsByThen);
      expect(vi.getTimerCount()).toBe(1);
    },
    { interval: 5, timeout: 10_000 },
  );
}

const messages = () => logLines.map((line) => line.msg);

describe('nightly backups', () => {
  it('run at 03:30 London time each night, keep the newest BACKUP_KEEP and log each one', async () => {
    vi.setSystemTime(new Date('2026-10-23T12:00:00Z'));
    const dir = backupFolder();
    const nightly = startNightlyBackups({
      dump: async () => new Uint8Array([31, 139, 8]),
      dir,
      keep: 2,
      logger,
    });
    expect(logLines[0]).toMatchObject({ msg: 'nightly backups scheduled', next: '2026-10-24T02:30:00.000Z' });

    await advanceTo('2026-10-24T02:29:59Z', 0);
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    // Three nights, the middle one the night the clocks go back (03:30 GMT = 03:30 UTC).
    await advanceTo('2026-10-24T02:30:01Z', 1);
    await advanceTo('2026-10-25T03:30:01Z', 2);
    await advanceTo('2026-10-26T03:30:01Z', 3);
    await nightly.stop();

    expect(fs.readdirSync(dir).sort()).toEqual([
      'backup-2026-10-25T03-30-00Z.tar.gz',
      'backup-2026-10-26T03-30-00Z.tar.gz',
    ]);
    const written = logLines.filter((line) => line.msg === 'nightly backup written');
    expect(written).toHaveLength(3);
    expect(written[2]).toMatchObject({
      file: path.join(dir, 'backup-2026-10-26T03-30-00Z.tar.gz'),
      bytes: 3,
    });
    expect(written[2]!.ms).toEqual(expect.any(Number));
    expect(logLines.find((line) => line.msg === 'old backups deleted')).toMatchObject({
      deleted: ['backup-2026-10-24T02-30-00Z.tar.gz'],
    });
  });

  it('log a failed backup and try again the next night', async () => {
    vi.setSystemTime(new Date('2026-01-10T12:00:00Z'));
    const dir = backupFolder();
    let failing = true;
    const nightly = startNightlyBackups({
      dump: async () => {
        if (failing) throw new Error('disk full');
        return new Uint8Array([1]);
      },
      dir,
      keep: 14,
      logger,
    });
    await advanceTo('2026-01-11T03:30:01Z', 1);
    expect(logLines.find((line) => line.msg === 'nightly backup failed')).toMatchObject({
      level: 50,
      err: { message: 'disk full' },
    });
    expect(fs.readdirSync(dir)).toEqual([]);

    failing = false;
    await advanceTo('2026-01-12T03:30:01Z', 2);
    await nightly.stop();
    expect(fs.readdirSync(dir)).toEqual(['backup-2026-01-12T03-30-00Z.tar.gz']);
  });

  it('stop cancels the next run and waits for one in progress', async () => {
    vi.setSystemTime(new Date('2026-01-10T03:29:00Z'));
    const dir = backupFolder();
    let finishDump!: (bytes: Uint8Array) => void;
    const nightly = startNightlyBackups({
      dump: () => new Promise((resolve) => (finishDump = resolve)),
      dir,
      keep: 14,
      logger,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(finishDump).toBeDefined());
    let stopped = false;
    const stopping = nightly.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finishDump(new Uint8Array([1]));
    await stopping;
    expect(messages()).toContain('nightly backup written');

    await vi.advanceTimersByTimeAsync(48 * 60 * 60 * 1000);
    expect(messages().filter((message) => message === 'nightly backup written')).toHaveLength(1);
  });
});
