import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { calendarMoments } from './scripts/calendar-moments.mjs';

const roots = [
  'app',
  'common',
  'server',
  'scripts',
  path.join('tests', 'process'),
  path.join('tests', 'support'),
];

/**
 * The tests that run against the test database (tests/support/database.ts), or need PostgreSQL
 * itself, are named `*.db.test.ts`: CI runs these a second time on a PostgreSQL server
 * (`npm run test:postgres`). The others (pure logic, components, the embedded database's own
 * thread, server processes on the embedded database) do not depend on which server
 * TEST_DATABASE_URL names, so they run once.
 */
const databaseTests = roots.map((root) => `${root}/**/*.db.test.{ts,tsx}`);
/**
 * The tests whose code under test runs with a clock of its own: an embedded database started in a
 * process or thread of its own, a server process on it. A run at another moment (TEST_CLOCK, see
 * tests/support/shifted-clock.ts) cannot move their clock, so it leaves them out. The server
 * processes on PostgreSQL (tests/process/*.db.test.ts) pass at any moment: the calendar run has
 * them once, with the database tests of its first moment.
 */
const ownClockTests = [
  'server/accounts/migration.test.ts',
  'server/backups/backup-restore.test.ts',
  'server/db/data-dir-lock.test.ts',
  'server/db/pglite-{create,settings,thread}.test.ts',
  'server/http/outage.test.ts',
];
/**
 * Logic that no clock reaches (pictures resized, passwords hashed): a third of the logic's time at
 * each moment, so the calendar run leaves it to the run of today.
 */
const timelessTests = ['server/images/process.test.ts', 'server/auth/passwords.test.ts'];

/**
 * The domains whose database tests store or read London dates (slots, holds, references,
 * invoices, reminders, retention, the day's statistics, scheduled tasks, MOT history): the
 * calendar run has them at each clock change. The others (accounts, sessions, pictures, pages,
 * content, the database's own) count time, if at all, in instants that no clock change moves: they
 * run at the calendar's first moment only.
 */
const datedDatabaseTests = [
  'analytics',
  'bookings',
  'enquiries',
  'jobs',
  'notifications',
  'privacy',
  'reminders',
  'settings',
  'tasks',
  'tyres',
  'vehicles',
].map((domain) => `server/${domain}/**/*.db.test.{ts,tsx}`);

/**
 * `npm run test:calendar` (scripts/test-calendar.mjs, TEST_CALENDAR): at each moment of
 * scripts/calendar-moments.mjs, the database tests where the moment says so (all of them at the
 * first, the dated domains' at the others) and the logic of
 * common/ and server/ that runs in the test's own process, each a project whose files see that
 * moment (`testClock`, tests/support/setup.ts).
 */
const calendarProjects = (): TestProjectInlineConfiguration[] =>
  calendarMoments.flatMap(({ instant, database }, index) => [
    ...(database
      ? [
          {
            extends: true as const,
            test: {
              name: `database at ${instant}`,
              include: index === 0 ? databaseTests : datedDatabaseTests,
              exclude: [...configDefaults.exclude, ...ownClockTests],
              provide: { testClock: instant },
            },
          },
        ]
      : []),
    {
      extends: true as const,
      test: {
        name: `logic at ${instant}`,
        include: ['common', 'server'].map((root) => `${root}/**/*.test.ts`),
        exclude: [...configDefaults.exclude, ...databaseTests, ...ownClockTests, ...timelessTests],
        provide: { testClock: instant },
      },
    },
  ]);
/**
 * Test files of the app that replace a module (`vi.mock`): they keep modules of their own, since
 * the other files of a worker share theirs. Found by reading the files, so that a new one cannot be
 * left out of this list.
 */
const replacingModules = (fs.readdirSync('app', { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('app', file))
  .filter((file) => fs.readFileSync(file, 'utf8').includes('vi.mock('))
  .sort();

export default defineConfig({
  test: {
    setupFiles: ['tests/support/setup.ts'],
    environment: 'node',
    // PGlite starts a WebAssembly Postgres per test file; give slow shared machines room.
    testTimeout: 20_000,
    // Two files at a time even on two cores (Vitest's default is one fewer than the cores): many
    // files wait on child processes and databases rather than the processor. 269 s -> 200 s for
    // the whole suite on a quiet 2-core machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Worker threads rather than child processes: the whole suite 171 s -> about 150 s on a
    // quiet 2-core machine.
    pool: 'threads',
    // The files of a worker share its modules rather than each loading them again: none replaces
    // a module but those of the last project, and what they leave is theirs alone (the server's
    // caches are keyed by each file's own database, fake timers and spies are restored after each
    // test) or cleared after each test (a component test's rendered tree, toasts, stubbed globals
    // and API handlers: tests/support/ui-cleanup.ts). On a 2-core machine: the database project
    // 63 s -> 42 s on PGlite and 58 s -> 37 s on PostgreSQL, the app project 39 s -> 27 s.
    isolate: false,
    hookTimeout: 60_000,
    projects: process.env.TEST_CALENDAR
      ? calendarProjects()
      : [
          {
            extends: true,
            test: {
              name: 'database',
              include: databaseTests,
              exclude: [...configDefaults.exclude, ...(process.env.TEST_CLOCK ? ownClockTests : [])],
            },
          },
          {
            extends: true,
            test: {
              name: 'app',
              include: ['app/**/*.test.{ts,tsx}'],
              exclude: [...databaseTests, ...replacingModules],
              setupFiles: ['tests/support/ui-cleanup.ts'],
            },
          },
          {
            extends: true,
            test: {
              name: 'other',
              include: roots.filter((root) => root !== 'app').map((root) => `${root}/**/*.test.{ts,tsx}`),
              exclude: databaseTests,
            },
          },
          { extends: true, test: { name: 'replacing-modules', include: replacingModules, isolate: true } },
        ],
  },
});
