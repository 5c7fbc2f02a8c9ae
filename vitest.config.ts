import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{app,common,server,scripts}/**/*.test.{ts,tsx}', 'tests/process/**/*.test.ts'],
    setupFiles: ['tests/support/setup.ts'],
    environment: 'node',
    // PGlite starts a WebAssembly Postgres per test file; give slow shared machines room.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
