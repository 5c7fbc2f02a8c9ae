// `npm run test:postgres`: what depends on the database server, again on PostgreSQL, after
// `npm test` (whose build it reuses): the unit and database tests at the calendar's moments
// (scripts/test-calendar.mjs) and, at the same time, the browser journeys that store data
// (E2E_STORED_DATA_ONLY, playwright.config.ts).
import path from 'node:path';
import { runBesideJourneys } from './beside-journeys.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.error('test:postgres runs on PostgreSQL: set TEST_DATABASE_URL.');
  process.exit(1);
}

await runBesideJourneys({
  tests: ['node', path.join(import.meta.dirname, 'test-calendar.mjs')],
  journeysEnv: { E2E_STORED_DATA_ONLY: '1' },
  what: { journeys: 'The journeys that store data, on PostgreSQL', tests: "Tests at the calendar's moments" },
});
