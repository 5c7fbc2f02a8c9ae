// A server process that runs one background task and never ends it: started by the task runner's
// tests (server/tasks/runner.db.test.ts) on a PostgreSQL database, and killed there mid-run, as
// a server dies holding a task's lock.
//
//   node --import tsx tests/support/task-process.ts <database URL> <task name>
import pino from 'pino';
import { openDatabase } from '#server/db/client.ts';
import { createTaskRunner } from '#server/tasks/runner.ts';

const [databaseUrl, task] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl: databaseUrl!, poolMax: 2 });
const runner = createTaskRunner({
  database,
  logger: pino({ level: 'silent' }),
  tasks: [
    {
      name: task!,
      schedule: 'on request',
      run: async () => {
        process.stdout.write('running\n');
        await new Promise(() => {});
      },
    },
  ],
});
runner.runSoon(task!);
// The runner's timers do not hold a process open: the server's listening socket does.
setInterval(() => {}, 60_000);
