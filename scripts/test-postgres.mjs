// `npm run test:postgres`: what depends on the database server, again on PostgreSQL, after
// `npm test` (whose build it reuses): the unit and database tests at the calendar's moments
// (scripts/test-calendar.mjs) and, at the same time, the browser journeys that store data
// (E2E_STORED_DATA_ONLY, playwright.config.ts). A journey mostly waits on its browser and its
// site, so the tests fill the cores it leaves idle. The journeys' report follows the tests'.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:postgres runs on PostgreSQL: set TEST_DATABASE_URL.');
  process.exit(1);
}

const run = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.on('close', (code) => resolve(code ?? 1));
  });

const journeysLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'test-postgres-')), 'journeys.log');
const journeysOut = fs.openSync(journeysLog, 'w');
const journeys = run('npx', ['playwright', 'test'], {
  env: { ...process.env, E2E_STORED_DATA_ONLY: '1' },
  stdio: ['ignore', journeysOut, journeysOut],
});
const tests = await run('node', [path.join(import.meta.dirname, 'test-calendar.mjs')], { stdio: 'inherit' });
const journeysCode = await journeys;
fs.closeSync(journeysOut);
console.log('\nThe journeys that store data, on PostgreSQL:\n');
process.stdout.write(fs.readFileSync(journeysLog));
console.log(`\nTests at the calendar's moments: exit ${tests}; journeys: exit ${journeysCode}`);
process.exit(tests === 0 && journeysCode === 0 ? 0 : 1);
