// The server a scenario runs against: its database before it starts, starting it as in production
// and stopping it, and signing in to it as staff.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseOptions } from '#server/db/client.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';
import { floorMeter } from './floor.ts';
import type { Settings } from './measure.ts';

export type Scenario = {
  /** Runs before the server starts, on the database it will be given (only one process may hold a PGlite folder). */
  prepare?: (database: DatabaseOptions) => Promise<void>;
  /** Settings the scenario needs besides the common ones. */
  env?: Record<string, string>;
  /** Seconds of each measured run unless BENCH_DURATION says otherwise (default 15). */
  defaultDuration?: number;
  /** The connections it loads with, when not the settings' `connections` (the floor is measured at them first). */
  floorConnections?: (settings: Settings) => number;
  /** Loads the server and prints the report; resolves with whether everything was as expected. */
  run: (server: ServerProcess, settings: Settings) => Promise<boolean>;
};

/**
 * Prepares a fresh database (a temporary PGlite folder, or the settings' PostgreSQL database),
 * measures the floor at the scenario's connections, starts the built server on it as in
 * production, runs the scenario, and stops the server.
 */
export async function runScenario(scenario: Scenario, common: Omit<Settings, 'floor'>): Promise<boolean> {
  const settings: Settings = { ...common, floor: floorMeter(common.duration) };
  // First, before the scenario loads the machine with its data or its server.
  await settings.floor(scenario.floorConnections?.(settings) ?? settings.connections);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const { databaseUrl } = settings;
  // Before the server starts, which then holds the folder for as long as it runs.
  try {
    await scenario.prepare?.(databaseUrl ? { databaseUrl } : { dataDir });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      // As in production: one JSON log line per request.
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      SEED_DEMO_CONTENT: 'false',
      ...scenario.env,
    },
    { keepOutput: 'until-ready' },
  );
  try {
    await server.ready;
    return await scenario.run(server, settings);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Opens the database a scenario fills before the server starts (one connection on PostgreSQL). */
export const openDatabaseBeforeStart = (options: DatabaseOptions) =>
  openDatabase('databaseUrl' in options ? { databaseUrl: options.databaseUrl, poolMax: 1 } : options);

/** The SQL text of a list of strings, as an array literal (fixed strings from these files). */
export const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

/** The staff account the scenarios sign in with (created by the server from ADMIN_*). */
const staff = { username: 'bench-staff', password: 'quiet-lorry-tyre-pressure-42' };

/** The server settings that create the staff account. */
export const staffAccountEnv = { ADMIN_USERNAME: staff.username, ADMIN_PASSWORD: staff.password };

/** Signs in as staff (or `account`) and returns the Cookie header that carries the session. */
export async function signIn(
  server: ServerProcess,
  account: { username: string; password: string } = staff,
): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-request': '1', origin: server.url },
    body: JSON.stringify(account),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('session='));
  if (!response.ok || !session) {
    throw new Error(`sign-in as ${account.username} failed: ${response.status} ${await response.text()}`);
  }
  return session;
}

/** A staff GET's answer, as JSON; throws unless it is a 200. */
export async function staffGet<T>(server: ServerProcess, cookie: string, url: string): Promise<T> {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}
