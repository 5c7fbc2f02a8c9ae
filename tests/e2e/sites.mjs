// Starts every site the journeys visit at once, each as `npm start` starts it (scripts/start.mjs)
// with the settings playwright.config.ts gives it in E2E_SITES (a JSON list of { name, env }),
// and says "every site is ready" once each answers on /readyz. Playwright would start its web
// servers one after another; together they are up in half the time. A site that stops stops the
// others and this process, with the site's name and exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @type {{ name: string, env: Record<string, string> }[]} */
const sites = JSON.parse(process.env.E2E_SITES ?? '[]');
if (sites.length === 0) throw new Error('E2E_SITES names no site');

let stopping = false;
const children = sites.map((site) => {
  const env = { ...process.env, ...site.env };
  delete env.E2E_SITES;
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.setEncoding('utf8').on('data', (text) => {
    for (const line of text.split('\n')) if (line) process.stderr.write(`[${site.name}] ${line}\n`);
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`[${site.name}] stopped (${signal ?? `exit code ${code}`})\n`);
    stop(1);
  });
  return child;
});

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once('exit', resolve))
        : undefined,
    ),
  ).then(() => process.exit(code));
}
process.once('SIGTERM', () => stop());
process.once('SIGINT', () => stop());

/** Whether the site on `port` answers its readiness check. */
async function ready(port) {
  try {
    return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;
  } catch {
    return false;
  }
}

const waiting = new Set(sites.map((site) => site.env.PORT));
while (waiting.size > 0 && !stopping) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (const port of [...waiting]) if (await ready(port)) waiting.delete(port);
}
if (!stopping) process.stdout.write('every site is ready\n');
