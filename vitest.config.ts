import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const roots = ['app', 'common', 'server', 'scripts', path.join('tests', 'process')];

/**
 * The tests that run against the test database (tests/support/database.ts), or need PostgreSQL
 * itself, are named `*.db.test.ts`: CI runs these a second time on a PostgreSQL server
 * (`npm run test:postgres`). The others (pure logic, the embedded database's own thread, server
 * processes on the embedded database) do not depend on which server TEST_DATABASE_URL names, so
 * they run once.
 */
const databaseTests = roots.map((root) => `${root}/**/*.db.test.{ts,tsx}`);
const appTests = ['app/**/*.test.{ts,tsx}'];
/** Component tests that replace a module (`vi.mock`): they keep modules of their own. */
const replacingModules = ['app/features/dashboard/dashboard-sections.test.tsx'];

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
    // quiet 2-core machine (each file still gets a fresh module graph).
    pool: 'threads',
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'database',
          include: databaseTests,
          // The files of a worker share its modules rather than each loading them again: what they
          // keep (caches keyed by their own database, no mocks, no fake timers) is theirs alone.
          // The project 63 s -> 42 s on PGlite and 58 s -> 37 s on PostgreSQL (2-core machine).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: appTests,
          exclude: [...databaseTests, ...replacingModules],
          // As the database project: 48 files 39 s -> 27 s (2-core machine). What a component test
          // leaves behind (the rendered tree, toasts, a stubbed fetch) goes after each test.
          isolate: false,
          setupFiles: ['tests/support/ui-cleanup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'other',
          include: [
            ...roots.filter((root) => root !== 'app').map((root) => `${root}/**/*.test.{ts,tsx}`),
            ...replacingModules,
          ],
          exclude: databaseTests,
        },
      },
    ],
  },
});
