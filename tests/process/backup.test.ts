import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { enquiries } from '#server/db/schema.ts';
import { projectRoot } from '#server/paths.ts';
import { makeEnquiry } from '#tests/support/factories.ts';
import { useServerProcesses, waitFor } from '#tests/support/server-process.ts';

/** Backing up the embedded database while the server takes enquiries, and restoring it. */
const { start, tempDataDir, dataDirWithDatabase } = useServerProcesses();

/** Runs `npm run <script> -- <args>` as an operator would; npm's own warnings are left out. */
function runNpmScript(script: 'db:backup' | 'db:restore', args: string[], env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const withoutNpm = (text: string) =>
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('npm warn'))
      .join('\n');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout: withoutNpm(stdout), stderr: withoutNpm(stderr) })),
  );
}

type Sent = { name: string; sentAt: number; status?: number; answeredAt?: number };

/** Enquiries sent without pause by a few clients at once, each recorded with its answer. */
function sendEnquiriesContinuously(url: string, clients = 4) {
  const sent: Sent[] = [];
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const record: Sent = { name: `Load test customer ${sent.length + 1}`, sentAt: Date.now() };
      sent.push(record);
      const response = await fetch(`${url}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(makeEnquiry({ name: record.name })),
      });
      await response.arrayBuffer();
      record.status = response.status;
      record.answeredAt = Date.now();
    }
  };
  const running = Array.from({ length: clients }, client);
  return {
    sent,
    acknowledged: () => sent.filter((record) => record.status === 201),
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

async function storedEnquiryNames(dataDir: string): Promise<Set<string>> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.select({ name: enquiries.name }).from(enquiries);
    return new Set(rows.map((row) => row.name));
  } finally {
    await database.close();
  }
}

describe('backups of the embedded database', () => {
  it('taken through the running server under write load hold every enquiry acknowledged before', async () => {
    const dataDir = dataDirWithDatabase();
    const server = await start({
      DATA_DIR: dataDir,
      SEED_DEMO_CONTENT: 'false',
      ENQUIRY_RATE_LIMIT: '1000000',
    });
    await server.ready;
    const load = sendEnquiriesContinuously(server.url);
    await waitFor(() => load.acknowledged().length >= 40, 20_000);

    const backupFile = path.join(tempDataDir(), 'mid-load.tar.gz');
    const backupBegan = Date.now();
    // Those answered before the backup is asked for (a time in milliseconds could tie).
    const acknowledgedBefore = load.acknowledged();
    const backup = await runNpmScript('db:backup', [backupFile], { DATA_DIR: dataDir });
    const backupEnded = Date.now();
    // Writing goes on: some enquiries are sent, and acknowledged, after the backup.
    await waitFor(
      () => load.acknowledged().filter((record) => record.sentAt > backupEnded).length >= 20,
      20_000,
    );
    await load.stop();

    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backup of ${dataDir} written to ${backupFile} \\(\\d+ bytes, \\d+ ms, by the running server\\)\\.$`,
      ),
    );
    // Taken by the server's task `backup-copy`, whose run is logged.
    expect(server.stdout()).toContain('"task":"backup-copy","outcome":"succeeded"');
    // The server kept serving: every enquiry was accepted.
    expect(load.sent.filter((record) => record.status !== undefined && record.status !== 201)).toEqual([]);
    const during = load
      .acknowledged()
      .filter((record) => record.answeredAt! > backupBegan && record.sentAt < backupEnded);
    expect(during.length).toBeGreaterThan(0);

    // A restore never goes over a database, not even the one it was taken from.
    const refused = await runNpmScript('db:restore', [backupFile], { DATA_DIR: dataDir });
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `Not restoring: the data directory ${dataDir} is not empty. Restore into a missing or empty ` +
        'directory (set DATA_DIR), or move its contents away first.',
    });

    const restoredDir = path.join(tempDataDir(), 'restored');
    const restore = await runNpmScript('db:restore', [backupFile], { DATA_DIR: restoredDir });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(/the database opens/);

    const restored = await storedEnquiryNames(restoredDir);
    expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(40);
    expect(acknowledgedBefore.filter((record) => !restored.has(record.name))).toEqual([]);
    // And nothing sent after the backup had been written is in it.
    const sentAfter = load.sent.filter((record) => record.sentAt > backupEnded);
    expect(sentAfter.filter((record) => restored.has(record.name))).toEqual([]);
  }, 180_000);

  it('taken with the server stopped open the data directory itself', async () => {
    const dataDir = dataDirWithDatabase();
    const server = await start({ DATA_DIR: dataDir, SEED_DEMO_CONTENT: 'false' });
    await server.ready;
    const load = sendEnquiriesContinuously(server.url, 1);
    await waitFor(() => load.acknowledged().length >= 3, 20_000);
    await load.stop();
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const backupFile = path.join(tempDataDir(), 'stopped.tar.gz');
    const backup = await runNpmScript('db:backup', [backupFile], { DATA_DIR: dataDir });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(/\(\d+ bytes, \d+ ms, with no server running\)\.$/);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const restoredDir = tempDataDir(); // exists, and is empty
    expect(await runNpmScript('db:restore', [backupFile], { DATA_DIR: restoredDir })).toMatchObject({
      code: 0,
    });
    const restored = await storedEnquiryNames(restoredDir);
    expect(load.acknowledged().filter((record) => !restored.has(record.name))).toEqual([]);
    expect(restored.size).toBe(load.acknowledged().length);
  }, 120_000);
});
