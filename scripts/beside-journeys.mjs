// Runs a test command and the browser journeys at the same time, and reports both: a journey
// mostly waits on its browser and its site, so the tests fill the cores it leaves idle. The
// journeys' report follows the tests' (it is kept in a file meanwhile, so that the two do not
// interleave). Used by `npm run test:postgres`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (command, args, options) =>
  new Promise((resolve) => {
    const child = spawn(command, args, options);
    child.on('close', (code) => resolve(code ?? 1));
  });

/**
 * `tests`: the command of the tests, as [command, ...args]; `journeysEnv`: what the journeys run
 * with beside the environment; `what`: how the report names the two. Exits with 1 unless both pass.
 */
export async function runBesideJourneys({ tests, journeysEnv = {}, what }) {
  const journeysLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'journeys-')), 'journeys.log');
  const journeysOut = fs.openSync(journeysLog, 'w');
  const journeys = run('npx', ['playwright', 'test'], {
    env: { ...process.env, ...journeysEnv },
    stdio: ['ignore', journeysOut, journeysOut],
  });
  const [command, ...args] = tests;
  const testsCode = await run(command, args, { stdio: 'inherit' });
  const journeysCode = await journeys;
  fs.closeSync(journeysOut);
  console.log(`\n${what.journeys}:\n`);
  process.stdout.write(fs.readFileSync(journeysLog));
  console.log(`\n${what.tests}: exit ${testsCode}; journeys: exit ${journeysCode}`);
  process.exit(testsCode === 0 && journeysCode === 0 ? 0 : 1);
}
