import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '#server/paths.ts';
import {
  madeOnce,
  migrationsVersion,
  pgliteVersion,
  withCreatedDatabase,
} from '#tests/support/created-database.ts';
import { staffAccount } from './staff-account.ts';

/**
 * The databases the journeys' sites start on: migrated, with the journeys' staff account
 * (tests/e2e/prepare-journey-database.ts), made once per version of the migrations, of PGlite and
 * of the account, and copied for each site. A site starts without migrating, and each sign-in
 * checks a password hashed at the test suite's cost: about 50 sign-ins a pass, a third of a
 * second of processor time each at the production cost.
 */
let versionOfThisRun: string | undefined;
/** Read once per process: every site of a run asks for it (the migrations hashed each time else). */
const version = () =>
  (versionOfThisRun ??= migrationsVersion(
    `${pgliteVersion()} ${staffAccount.username} ${staffAccount.password}`,
  ));

function prepare(target: string) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'tests', 'e2e', 'prepare-journey-database.ts'), target],
    { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'test' }, stdio: 'inherit' },
  );
}

/** The files of a prepared embedded database, in the system's temporary folder. */
const journeyDatabaseFiles = () =>
  madeOnce(path.join(os.tmpdir(), `journey-database-${version()}`), (partial) => {
    fs.mkdirSync(partial);
    prepare(withCreatedDatabase(partial));
  });

/** `dataDir` holding a prepared embedded database (in `pgdata`, where the server keeps it). */
export function withJourneyDatabase(dataDir: string): string {
  fs.cpSync(path.join(journeyDatabaseFiles(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

const psql = (url: string, statement: string) =>
  execFileSync('psql', [url, '-qtA', '-c', statement], { encoding: 'utf8' }).trim();

/**
 * The name of a prepared database on the PostgreSQL server at `serverUrl`, to copy a site's
 * database from (`create database ... template <name>`).
 */
export function journeyTemplateDatabase(serverUrl: string): string {
  const known = templatesFound.get(serverUrl);
  if (known) return known;
  const name = findOrMakeTemplate(serverUrl);
  templatesFound.set(serverUrl, name);
  return name;
}

/** The prepared databases this process has found or made, by server: asked for once per site. */
const templatesFound = new Map<string, string>();

function findOrMakeTemplate(serverUrl: string): string {
  const name = `e2e_template_${version()}`;
  const exists = () => psql(serverUrl, `select count(*) from pg_database where datname = '${name}'`) === '1';
  if (exists()) return name;
  const partial = `${name}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  psql(serverUrl, `create database "${partial}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${partial}`;
    prepare(url.toString());
    psql(serverUrl, `alter database "${partial}" rename to "${name}"`);
  } catch (error) {
    psql(serverUrl, `drop database if exists "${partial}" with (force)`);
    if (!exists()) throw error;
  }
  return name;
}
