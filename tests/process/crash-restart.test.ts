import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { openDatabase } from '#server/db/client.ts';
import { lockFileName } from '#server/db/data-dir-lock.ts';
import { invoices } from '#server/db/schema.ts';
import { openEveryDay } from '#tests/support/booking-settings.ts';
import { makeRecord, newKey } from '#tests/support/jobs.ts';
import { freePort, useServerProcesses, waitFor, type ServerProcess } from '#tests/support/server-process.ts';

/**
 * The server started as `npm start` starts it (scripts/start.mjs, which runs the server in a
 * child process), in a process group of its own as a supervisor runs it, and killed as a
 * supervisor or the machine kills it: the whole group at once, or the launcher alone.
 */
const { start, dataDirWithDatabase } = useServerProcesses();
const owner = { username: 'restart-owner', password: 'spare-wheel-under-the-boot-floor' };
const fitter = { username: 'restart-fitter', password: 'torque-wrench-at-110-newton-metres' };

function startAsNpmStart(dataDir: string, port: number): Promise<ServerProcess> {
  return start(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO_CONTENT: 'false',
      ENQUIRY_RATE_LIMIT: '1000',
      ADMIN_USERNAME: owner.username,
      ADMIN_PASSWORD: owner.password,
    },
    { entry: 'npm-start', detached: true },
  );
}

/** Resolves once the server listens; fails with what it said if it stopped instead. */
async function listening(server: ServerProcess) {
  await server.ready;
  expect(server.stderr()).not.toContain('already in use');
}

/** What the site's own pages send with a staff request (the CSRF guard). */
const sameOrigin = (url: string) => ({
  'content-type': 'application/json',
  'x-admin-request': '1',
  origin: url,
});

const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('session='))!;

async function call(url: string, cookie: string, method: string, apiPath: string, body?: unknown) {
  const response = await fetch(`${url}${apiPath}`, {
    method,
    headers: { cookie, ...sameOrigin(url) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Through the API, as the office does: booking open every day with room for `count` jobs in
 * tomorrow's 08:00 window, a fitter's account (set up by the fitter, which signs them in), and
 * `count` mobile puncture repairs tomorrow given to the fitter. Answers the office's and the
 * fitter's sessions and the jobs' ids.
 */
async function officeWithJobs(url: string, count: number, tomorrow: string) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: sameOrigin(url),
    body: JSON.stringify(owner),
  });
  expect(login.status).toBe(200);
  const office = sessionOf(login);

  const published = await call(url, office, 'GET', '/api/site-content');
  const booking = await call(url, office, 'GET', '/api/settings/booking');
  await call(url, office, 'PUT', '/api/settings/booking', {
    version: booking.version,
    settings: openEveryDay(
      published.content.branches.map((branch: { key: string }) => branch.key),
      [{ start: '08:00', end: '10:00', places: count }],
    ),
  });

  const { id: fitterId, setupUrl } = await call(url, office, 'POST', '/api/users', {
    username: fitter.username,
    role: 'fitter',
  });
  const setup = await fetch(`${url}/api/account-setup/${setupUrl.split('/').pop()}`, {
    method: 'POST',
    headers: sameOrigin(url),
    body: JSON.stringify({ password: fitter.password }),
  });
  expect(setup.status).toBe(200);
  const phone = sessionOf(setup);

  const references = [];
  for (let index = 1; index <= count; index++) {
    const { reference } = await call(url, office, 'POST', '/api/bookings', {
      service: 'puncture-repair',
      location: 'mobile',
      date: tomorrow,
      start: '08:00',
      name: `Driver ${index}`,
      phone: '07700 900456',
      email: `driver${index}@example.com`,
      registration: 'ab12 cde',
      vehicle: 'Vauxhall Corsa',
      postcode: 'RM3 0AB',
      addressLine: `${index} Gooshays Drive`,
      town: 'Romford',
      notes: 'Parked on the drive.',
    });
    references.push(reference as string);
  }
  const jobs = (await call(url, office, 'GET', `/api/jobs?date=${tomorrow}`)) as Job[];
  const ids = references.map((reference) => jobs.find((job) => job.reference === reference)!.id);
  for (const id of ids) await call(url, office, 'PUT', `/api/bookings/${id}`, { fitterId });
  return { office, phone, ids };
}

/** "Completed" from the fitter's phone, with the key the phone keeps until it has an answer. */
type Completion = { id: number; key: string; answer?: number };

const complete = (url: string, phone: string, completion: Completion) =>
  fetch(`${url}/api/jobs/${completion.id}/events`, {
    method: 'POST',
    headers: { cookie: phone, ...sameOrigin(url) },
    body: JSON.stringify({ type: 'completed', idempotencyKey: completion.key, record: makeRecord() }),
  });

/** Whether a process has gone: no such process, or a zombie its parent has yet to reap. */
function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return true;
  }
}

describe('killed with everything it started (kill -9 of the process group) and started again at once', () => {
  it('restarts every time, and the completions sent again leave invoices numbered once each, without a gap', async () => {
    const rounds = 5;
    const perRound = 5;
    const tomorrow = addDays(londonDate(new Date()), 1);
    const dataDir = dataDirWithDatabase();
    const port = await freePort();
    let server = await startAsNpmStart(dataDir, port);
    await listening(server);
    const { office, phone, ids } = await officeWithJobs(server.url, rounds * perRound, tomorrow);
    /** How the completions whose answer was lost were answered when sent again. */
    const lost: number[] = [];

    for (let round = 0; round < rounds; round++) {
      const completions: Completion[] = ids
        .slice(round * perRound, (round + 1) * perRound)
        .map((id) => ({ id, key: newKey() }));
      // All at once; the group is killed a little later each round (at once in the first), or
      // as the first answer comes if that is sooner: some stored with their answer lost, some
      // not yet stored.
      let firstAnswer!: () => void;
      const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
      const sent = completions.map(async (completion) => {
        try {
          const response = await complete(server.url, phone, completion);
          completion.answer = response.status;
          firstAnswer();
        } catch {
          // The answer was lost with the server.
        }
      });
      await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, round * 25))]);
      process.kill(-server.child.pid!, 'SIGKILL');
      // Started again at once, as a supervisor restarts it, while the killed server may still be
      // on its way out.
      const killed = server;
      server = await startAsNpmStart(dataDir, port);
      await Promise.all(sent);
      await killed.exited;
      await listening(server);
      for (const completion of completions) {
        expect([undefined, 201]).toContain(completion.answer);
      }

      // The phone sends again what had no answer, with the same keys: stored once, either way.
      for (const completion of completions.filter(({ answer }) => answer === undefined)) {
        const response = await complete(server.url, phone, completion);
        expect([200, 201]).toContain(response.status);
        expect(((await response.json()) as Job).status).toBe('completed');
        lost.push(response.status);
      }
    }
    // Some answers were lost with the server (those of the first round at least).
    expect(lost.length).toBeGreaterThan(0);

    const jobs = (await call(server.url, office, 'GET', `/api/jobs?date=${tomorrow}`)) as Job[];
    const expected = ids.map((_, index) => `INV-${String(index + 1).padStart(6, '0')}`);
    expect(jobs.map((job) => job.status)).toEqual(ids.map(() => 'completed'));
    expect(jobs.map((job) => job.invoice).sort()).toEqual(expected);

    // And what is stored: one invoice a job, none issued twice or lost to a crash.
    process.kill(-server.child.pid!, 'SIGTERM');
    expect((await server.exited).code).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      const stored = await database.db
        .select({ number: invoices.number, bookingId: invoices.bookingId })
        .from(invoices);
      expect(stored.map((invoice) => invoice.number).sort()).toEqual(expected);
      expect(stored.map((invoice) => invoice.bookingId).sort()).toEqual([...ids].sort());
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe('the launcher killed alone (kill -9 of npm start’s process)', () => {
  it('takes the server down with it, freeing the port and the data directory for the next start', async () => {
    const dataDir = dataDirWithDatabase();
    const port = await freePort();
    const first = await startAsNpmStart(dataDir, port);
    await listening(first);
    const launcher = first.child.pid!;
    const serverPid = (
      JSON.parse(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8')) as { pid: number }
    ).pid;
    expect(serverPid).not.toBe(launcher);

    process.kill(launcher, 'SIGKILL');
    await first.exited;
    await waitFor(() => gone(serverPid), 10_000).catch(() => {
      throw new Error(`the server (process ${serverPid}) still runs 10 s after its launcher was killed`);
    });
    // It shut down as for SIGTERM: the data directory released.
    expect(first.stdout()).toContain('the launcher has gone: shutting down');
    expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false);

    const next = await startAsNpmStart(dataDir, port);
    await listening(next);
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
  }, 60_000);
});
