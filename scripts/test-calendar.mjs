// The unit and database tests again, at moments where dates go wrong (calendar-moments.mjs), in
// one Vitest run with a project per moment and kind (vitest.config.ts): each project's files run
// with the test's `Date` moved to its moment (tests/support/shifted-clock.ts) while the database
// server keeps the real time, so a date taken from the database rather than the product's clock
// fails, and so does a test tied to the day it was written. Needs TEST_DATABASE_URL (PostgreSQL).
// One run rather than one per moment: the moments share the workers, which load the modules once
// and leave no core idle between one moment and the next.
//
// `--database-done <instant>`: the database tests have run at that moment already (CI runs its
// PostgreSQL pass at the year's last day); only the logic beside them runs again there.
import { spawn } from 'node:child_process';
import { calendarMoments } from './calendar-moments.mjs';

const doneAt = process.argv.indexOf('--database-done');
const databaseDone = doneAt === -1 ? null : process.argv[doneAt + 1];
if (databaseDone !== null && !calendarMoments.some(({ instant }) => instant === databaseDone)) {
  console.error(
    `--database-done names none of the moments: ${calendarMoments.map(({ instant }) => instant).join(', ')}`,
  );
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:calendar runs the database tests on PostgreSQL: set TEST_DATABASE_URL.');
  process.exit(1);
}

for (const { instant, what, database } of calendarMoments) {
  const kinds = !database || instant === databaseDone ? 'the logic' : 'the database tests and the logic';
  console.log(`${instant} (${what}): ${kinds}`);
}
const child = spawn('npx', ['vitest', 'run', '--reporter', 'dot'], {
  env: {
    ...process.env,
    TEST_CALENDAR: '1',
    ...(databaseDone && { TEST_CALENDAR_DATABASE_DONE: databaseDone }),
  },
  stdio: 'inherit',
});
child.on('close', (code) => process.exit(code ?? 1));
