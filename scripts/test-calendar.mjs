// The unit and database tests again, at moments where dates go wrong (calendar-moments.mjs), in
// one Vitest run with a project per moment and kind (vitest.config.ts): each project's files run
// with the test's `Date` moved to its moment (tests/support/shifted-clock.ts) while the database
// server keeps the real time, so a date taken from the database rather than the product's clock
// fails, and so does a test tied to the day it was written. Needs TEST_DATABASE_URL (PostgreSQL).
// One run rather than one per moment: the moments share the workers, which load the modules once
// and leave no core idle between one moment and the next.
import { spawn } from 'node:child_process';
import { calendarMoments } from './calendar-moments.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:calendar runs the database tests on PostgreSQL: set TEST_DATABASE_URL.');
  process.exit(1);
}

for (const { instant, what, database } of calendarMoments) {
  console.log(`${instant} (${what}): ${database ? 'the database tests and the logic' : 'the logic'}`);
}
const child = spawn('npx', ['vitest', 'run', '--reporter', 'dot'], {
  env: { ...process.env, TEST_CALENDAR: '1' },
  stdio: 'inherit',
});
child.on('close', (code) => process.exit(code ?? 1));
