import { afterEach, vi } from 'vitest';

/**
 * A test fails when the code under test writes to console.error unexpectedly (React warnings,
 * forgotten debugging, swallowed errors). A test that expects it stubs console.error itself.
 */
const originalError = console.error;
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
