import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackgroundTask } from '#common/tasks/background-tasks.ts';
import { createTestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { until } from '#tests/support/smtp.ts';
import { taskRuns } from '../db/schema.ts';
import { createTaskRunner, type TaskRunner } from './runner.ts';

const fixture = useTestApp();
const logger = pino({ level: 'silent' });
let runner: TaskRunner | undefined;

beforeEach(async () => {
  await runner?.stop();
  await fixture.database.db.delete(taskRuns);
});

afterAll(async () => {
  await runner?.stop();
});

/** The app with a runner of two tasks: one that has run, one that waits to be asked. */
async function appWithTasks() {
  runner = createTaskRunner({
    database: fixture.database,
    logger,
    tasks: [
      { name: 'enquiry-retention', schedule: 'every 24 hours', run: async () => ({ enquiries: 2 }) },
      {
        name: 'tyre-import',
        schedule: 'on request',
        run: async () => {
          throw new Error('The file could not be read.');
        },
      },
    ],
  });
  runner.runSoon('tyre-import');
  await until(async () => {
    const rows = await fixture.database.db.select().from(taskRuns);
    return rows.length === 2 && rows.every((row) => row.lastOutcome !== null);
  });
  return createTestApp(fixture.database, { tasks: runner });
}

describe('GET /api/background-tasks', () => {
  it('lists each task to owners: schedule in words, last run, next run, running', async () => {
    const app = await appWithTasks();
    const { body } = await request(app).get('/api/background-tasks').set(fixture.staff.headers).expect(200);
    const [retention, imports] = body as BackgroundTask[];
    expect(retention).toEqual({
      name: 'enquiry-retention',
      schedule: 'every 24 hours',
      lastRun: {
        startedAt: expect.any(String),
        finishedAt: expect.any(String),
        outcome: 'succeeded',
        error: null,
      },
      nextRunAt: new Date(Date.parse(retention!.lastRun!.startedAt) + 24 * 60 * 60 * 1000).toISOString(),
      running: false,
    });
    expect(imports).toEqual({
      name: 'tyre-import',
      schedule: 'on request',
      lastRun: {
        startedAt: expect.any(String),
        finishedAt: expect.any(String),
        outcome: 'failed',
        error: 'The file could not be read.',
      },
      nextRunAt: null,
      running: false,
    });
  });

  it('is refused to office staff and fitters (403) and to anyone not signed in (401)', async () => {
    const app = await appWithTasks();
    for (const role of ['staff', 'fitter'] as const) {
      const person = await signedInStaff(fixture.database.db, `tasks-${role}`, new Date(), role);
      await request(app).get('/api/background-tasks').set(person.headers).expect(403);
    }
    const anonymous = await request(app).get('/api/background-tasks').expect(401);
    expect(anonymous.body).toEqual({ error: 'Please sign in to continue.' });
  });

  it('shows the tasks the app asks for on request when no runner is given', async () => {
    const { body } = await request(fixture.app)
      .get('/api/background-tasks')
      .set(fixture.staff.headers)
      .expect(200);
    expect(body).toEqual([
      { name: 'tyre-import', schedule: 'on request', lastRun: null, nextRunAt: null, running: false },
    ]);
  });
});
