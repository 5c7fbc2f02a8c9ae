import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { until } from '#tests/support/smtp.ts';
import { openDatabase, selectRows, type DatabaseHandle } from '../db/client.ts';
import { taskRuns } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { projectRoot } from '../paths.ts';
import { createTaskRunner, type TaskRunner } from './runner.ts';
import type { TaskDefinition } from './types.ts';

let database: DatabaseHandle;
/**
 * The database as a second server process reaches it: on PostgreSQL another pool and another
 * connection for its locks; the embedded database is one process's alone, so there it is the
 * same one, whose locks that process's runners share.
 */
let other: DatabaseHandle;
let logLines: Record<string, unknown>[] = [];
/** The server's own logger (its error serialiser included), read back line by line. */
const logger = createLogger(
  { logLevel: 'debug' },
  { write: (line: string) => logLines.push(JSON.parse(line)) },
);
const runners: TaskRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  other = process.env.TEST_DATABASE_URL
    ? await openDatabase({ databaseUrl: await databaseUrl(), poolMax: 2 })
    : database;
});

afterAll(async () => {
  if (other !== database) await other?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(taskRuns);
  logLines = [];
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

/** The test database's address on the PostgreSQL server. */
async function databaseUrl() {
  const [{ name }] = (await selectRows<{ name: string }>(
    database.db,
    sql`select current_database() as name`,
  )) as [{ name: string }];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

function startRunner(on: DatabaseHandle, tasks: TaskDefinition[], idleMs = 200) {
  const runner = createTaskRunner({ database: on, logger, tasks, idleMs, busyMs: 20 });
  runners.push(runner);
  return runner;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task that counts its runs and how many ran at once, each taking `ms`. */
function countedTask(name: string, schedule: TaskDefinition['schedule'], ms = 100) {
  const counts = { runs: 0, running: 0, most: 0 };
  const task: TaskDefinition = {
    name,
    schedule,
    run: async () => {
      counts.runs += 1;
      counts.running += 1;
      counts.most = Math.max(counts.most, counts.running);
      await sleep(ms);
      counts.running -= 1;
      return { run: counts.runs };
    },
  };
  return { task, counts };
}

/** A task whose run waits until `finish` is called. */
function heldTask(name: string, schedule: TaskDefinition['schedule'] = 'on request') {
  let finish = () => {};
  const state = { runs: 0 };
  const task: TaskDefinition = {
    name,
    schedule,
    run: () => {
      state.runs += 1;
      return new Promise<undefined>((resolve) => (finish = () => resolve(undefined)));
    },
  };
  return { task, state, finish: () => finish() };
}

const record = async (task: string) =>
  (
    await database.db
      .select()
      .from(taskRuns)
      .where(sql`${taskRuns.task} = ${task}`)
  )[0];

const runLines = (task: string) =>
  logLines.filter((line) => line.msg === 'background task run' && line.task === task);

describe('the task runner', () => {
  it('runs a task that is due, records its run and writes one log line for it', async () => {
    const { task, counts } = countedTask('count-once', 'every 24 hours', 10);
    const runner = startRunner(database, [task]);
    await until(async () => (await record('count-once'))?.lastOutcome === 'succeeded');
    await sleep(300);
    expect(counts.runs).toBe(1);
    const row = await record('count-once');
    expect(row).toMatchObject({ runningSince: null, lastOutcome: 'succeeded', lastError: null });
    expect(row!.lastFinishedAt!.getTime()).toBeGreaterThanOrEqual(row!.lastStartedAt!.getTime());
    expect(runLines('count-once')).toEqual([
      expect.objectContaining({
        level: 30,
        task: 'count-once',
        outcome: 'succeeded',
        ms: expect.any(Number),
        run: 1,
      }),
    ]);
    const [status] = await runner.status();
    expect(status).toEqual({
      name: 'count-once',
      schedule: 'every 24 hours',
      lastRun: {
        startedAt: row!.lastStartedAt!.toISOString(),
        finishedAt: row!.lastFinishedAt!.toISOString(),
        outcome: 'succeeded',
        error: null,
      },
      nextRunAt: new Date(row!.lastStartedAt!.getTime() + 24 * 60 * 60 * 1000).toISOString(),
      running: false,
    });
  });

  it('records and logs a failed run with its error, and runs it again on its schedule', async () => {
    let attempts = 0;
    startRunner(database, [
      {
        name: 'failing',
        schedule: 'every 100 milliseconds',
        run: async () => {
          attempts += 1;
          if (attempts === 1) throw Object.assign(new Error('the disk is full'), { code: 'ENOSPC' });
        },
      },
    ]);
    await until(() => attempts >= 2);
    const [failed] = runLines('failing');
    expect(failed).toMatchObject({
      level: 50,
      task: 'failing',
      outcome: 'failed',
      ms: expect.any(Number),
      err: { type: 'Error', code: 'ENOSPC' },
    });
    // The log keeps the error's class and codes; its message, which may quote data, is the owner's.
    expect(JSON.stringify(failed)).not.toContain('the disk is full');
    await until(() => runLines('failing').length >= 2);
    // A run that found nothing to do is logged for debugging only.
    expect(runLines('failing')[1]).toMatchObject({ level: 20, outcome: 'succeeded' });

    const runner = startRunner(database, [
      {
        name: 'broken',
        schedule: 'on request',
        run: async () => {
          throw new Error('the supplier’s file has no header');
        },
      },
    ]);
    runner.runSoon('broken');
    await until(async () => (await record('broken'))?.lastOutcome === 'failed');
    expect((await runner.status())[0]).toMatchObject({
      lastRun: { outcome: 'failed', error: 'the supplier’s file has no header' },
      nextRunAt: null,
      running: false,
    });
  });

  it('runs a task once when runners of two processes find it due at the same moment', async () => {
    const { task, counts } = countedTask('nightly', 'every 24 hours', 150);
    const { task: twin, counts: twinCounts } = countedTask('nightly', 'every 24 hours', 150);
    const here = startRunner(database, [task], 50);
    const there = startRunner(other, [twin], 50);
    await until(async () => (await record('nightly'))?.lastOutcome === 'succeeded');
    // Both go on reading the records every 50 ms, and find it done.
    await sleep(500);
    expect(counts.runs + twinCounts.runs).toBe(1);
    expect(runLines('nightly')).toHaveLength(1);
    const [seenHere] = await here.status();
    const [seenThere] = await there.status();
    expect(seenThere).toEqual(seenHere);
    expect(seenHere!.lastRun?.outcome).toBe('succeeded');
  });

  it('runs a task asked for in two processes one run at a time, the second after the first', async () => {
    const { task, counts } = countedTask('outbox-like', 'on request', 150);
    const { task: twin, counts: twinCounts } = countedTask('outbox-like', 'on request', 150);
    const here = startRunner(database, [task]);
    const there = startRunner(other, [twin]);
    here.runSoon('outbox-like');
    await until(() => counts.running === 1);
    // Asked while the other process's run is under way (which may have looked before the work
    // asked for existed): it runs once that ends, never beside it.
    there.runSoon('outbox-like');
    await until(() => counts.runs + twinCounts.runs === 2);
    await sleep(300);
    expect(counts.runs + twinCounts.runs).toBe(2);
    expect(Math.max(counts.most, twinCounts.most)).toBe(1);
    expect(twinCounts.runs).toBe(1);
    expect(counts.running + twinCounts.running).toBe(0);
  });

  it('runs again once what was asked during a run, and asks made together once', async () => {
    const { task, counts } = countedTask('coalesced', 'on request', 100);
    const runner = startRunner(database, [task]);
    for (let ask = 0; ask < 50; ask += 1) runner.runSoon('coalesced');
    await until(() => counts.running === 1);
    runner.runSoon('coalesced');
    runner.runSoon('coalesced');
    await until(() => counts.runs === 2 && counts.running === 0);
    await sleep(300);
    expect(counts.runs).toBe(2);
  });

  it('retries a run left unfinished by a process that died, showing it interrupted', async () => {
    await database.db
      .insert(taskRuns)
      .values({ task: 'retention', runningSince: new Date(Date.now() - 60_000), runningIn: 'gone pid 4242' });
    const { task, state, finish } = heldTask('retention', 'every 24 hours');
    const runner = startRunner(database, [task]);
    await until(() => state.runs === 1);
    const [retrying] = await runner.status();
    expect(retrying).toMatchObject({
      running: true,
      lastRun: {
        outcome: 'interrupted',
        error: 'The server process (gone pid 4242) stopped before the run finished.',
      },
    });
    expect(runLines('retention')).toEqual([
      expect.objectContaining({
        level: 40,
        outcome: 'interrupted',
        error: expect.stringContaining('gone pid 4242'),
      }),
    ]);
    finish();
    await until(async () => (await record('retention'))?.lastOutcome === 'succeeded');
    expect((await runner.status())[0]).toMatchObject({ running: false, lastRun: { outcome: 'succeeded' } });
  });

  it('shows a run left unfinished as interrupted before it is retried', async () => {
    const startedAt = new Date(Date.now() - 60_000);
    await database.db
      .insert(taskRuns)
      .values({ task: 'copies', runningSince: startedAt, runningIn: 'gone pid 1' });
    const runner = startRunner(database, [heldTask('copies').task]);
    expect(await runner.status()).toEqual([
      {
        name: 'copies',
        schedule: 'on request',
        lastRun: {
          startedAt: startedAt.toISOString(),
          finishedAt: null,
          outcome: 'interrupted',
          error: 'The server process (gone pid 1) stopped before the run finished.',
        },
        nextRunAt: null,
        running: false,
      },
    ]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'retries a task whose process was killed mid-run, once the database has released its lock',
    async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/support/task-process.ts', await databaseUrl(), 'price-import'],
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        await until(() => output.includes('running'), 30_000);
        const { task, state, finish } = heldTask('price-import');
        const runner = startRunner(database, [task]);
        expect((await runner.status())[0]).toMatchObject({ running: true, lastRun: null });
        // Asked while the other process holds the lock: it waits.
        runner.runSoon('price-import');
        await sleep(300);
        expect(state.runs).toBe(0);

        child.kill('SIGKILL');
        await exited;
        await until(() => state.runs === 1);
        expect((await runner.status())[0]).toMatchObject({
          running: true,
          lastRun: {
            outcome: 'interrupted',
            error: expect.stringMatching(/^The server process \(.+ pid \d+\) stopped/),
          },
        });
        finish();
        await until(async () => (await record('price-import'))?.lastOutcome === 'succeeded');
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
    },
    60_000,
  );

  it('stops: no new runs, and waits for the one under way, told to end', async () => {
    let signal: AbortSignal | undefined;
    let finish = () => {};
    const runner = startRunner(database, [
      {
        name: 'long',
        schedule: 'on request',
        run: (context) => {
          signal = context.signal;
          return new Promise<undefined>((resolve) => (finish = () => resolve(undefined)));
        },
      },
    ]);
    runner.runSoon('long');
    await until(() => signal !== undefined);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(50);
    expect(signal!.aborted).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect((await record('long'))?.lastOutcome).toBe('succeeded');
    runner.runSoon('long');
    await sleep(100);
    expect(runLines('long')).toHaveLength(1);
  });

  it('refuses a schedule or a name it does not understand, and a task it does not have', () => {
    expect(() =>
      createTaskRunner({
        database,
        logger,
        tasks: [{ ...heldTask('x').task, schedule: 'every week' as 'every 1 hour' }],
      }),
    ).toThrow('Not a schedule');
    expect(() => createTaskRunner({ database, logger, tasks: [heldTask('Backups').task] })).toThrow(
      'Not a task name',
    );
    const runner = startRunner(database, []);
    expect(() => runner.runSoon('nothing')).toThrow('There is no background task nothing');
  });
});
