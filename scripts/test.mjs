// `npm test`, once built: Vitest (unit, API integration, server processes) and, at the same time,
// every browser journey (playwright.config.ts), on the embedded database unless TEST_DATABASE_URL
// says otherwise.
import { runBesideJourneys } from './beside-journeys.mjs';

await runBesideJourneys({
  tests: ['npx', 'vitest', 'run'],
  what: { journeys: 'The browser journeys', tests: 'Vitest' },
});
