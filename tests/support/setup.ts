import { afterEach, inject, vi } from 'vitest';
import { lowerPasswordCostForTests } from '#server/auth/passwords.ts';
import { shiftClockTo } from './shifted-clock.ts';

// The moment of the file's project (npm run test:calendar runs a project per moment), else of the run.
shiftClockTo(inject('testClock') ?? process.env.TEST_CLOCK);

// Accounts made by the tests hash their passwords cheaply (Vitest runs with NODE_ENV=test unless
// the environment says otherwise; then they pay the full cost).
if (process.env.NODE_ENV === 'test') lowerPasswordCostForTests();

/**
 * A test fails when the code under test writes to console.error unexpectedly (React warnings,
 * forgotten debugging, swallowed errors). A test that expects it stubs console.error itself.
 */
// In a worker that runs several files (the `database` project shares its modules), this file runs
// for each of them: the console's own method is kept from the first.
const globals = globalThis as { consoleErrorOfNode?: typeof console.error };
const originalError = (globals.consoleErrorOfNode ??= console.error);
let unexpected: unknown[][] = [];

console.error = (...args: unknown[]) => {
  unexpected.push(args);
  originalError(...args);
};

afterEach(() => {
  const calls = unexpected;
  unexpected = [];
  vi.restoreAllMocks();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called unexpectedly:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
