// The unit and database tests again, at moments where dates go wrong: a month's last day, a
// year's last day, and each side of both UK clock changes. Each run moves the test process's
// clock to its moment (TEST_CLOCK, tests/support/shifted-clock.ts) while the database server keeps
// the real time, so a date taken from the database rather than the product's clock fails, and so
// does a test tied to the day it was written. Needs TEST_DATABASE_URL (PostgreSQL). The moments
// run one after another (each keeps two cores busy); each prints its summary, and the script
// fails if any run failed.
//
// `--database-done <instant>`: the database tests have run at that moment already (CI runs its
// PostgreSQL pass at the year's last day); only the logic beside them runs again there.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

/** Instants in UTC. The UK changes its clocks at 01:00 UTC on the last Sundays of March and October. */
export const moments = [
  { instant: '2027-12-31T23:40:00Z', what: 'the last day of a year, late in the evening' },
  { instant: '2027-03-28T00:40:00Z', what: 'before the clocks go forward (GMT)' },
  { instant: '2027-03-28T01:20:00Z', what: 'after the clocks go forward (BST)' },
  { instant: '2027-10-31T00:40:00Z', what: 'before the clocks go back (BST), on the last day of a month' },
  { instant: '2027-10-31T01:20:00Z', what: 'after the clocks go back (GMT), on the last day of a month' },
];

const doneAt = process.argv.indexOf('--database-done');
const databaseDone = doneAt === -1 ? null : process.argv[doneAt + 1];
if (databaseDone !== null && !moments.some(({ instant }) => instant === databaseDone)) {
  console.error(
    `--database-done names none of the moments: ${moments.map(({ instant }) => instant).join(', ')}`,
  );
  process.exit(1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:calendar runs the database tests on PostgreSQL: set TEST_DATABASE_URL.');
  process.exit(1);
}

function run({ instant, what }) {
  const projects = instant === databaseDone ? ['calendar'] : ['database', 'calendar'];
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', ...projects.flatMap((name) => ['--project', name]), '--reporter', 'dot'],
      { env: { ...process.env, TEST_CLOCK: instant, TEST_CALENDAR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const summary = stripVTControlCharacters(output)
        .split('\n')
        .filter((line) => /^\s*(Test Files|Tests|Duration)\b/.test(line));
      console.log(`\n${instant} (${what}; ${projects.join(' and ')}): ${code === 0 ? 'passed' : 'FAILED'}`);
      console.log(code === 0 ? summary.join('\n') : output);
      resolve(code === 0);
    });
  });
}

const results = [];
for (const moment of moments) results.push(await run(moment));
process.exit(results.every(Boolean) ? 0 : 1);
