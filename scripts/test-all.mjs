// `npm test` after the build: Vitest (unit, integration against a real database, server
// processes) and, at the same time, the browser journeys, which mostly wait on their browser and
// site and so leave the cores to the tests (scripts/beside-journeys.mjs). Test servers pick
// their ports below the system's range for outgoing connections (tests/support `freePort`), so
// the two cannot take one another's.
import { runBesideJourneys } from './beside-journeys.mjs';

await runBesideJourneys({
  tests: ['npx', 'vitest', 'run'],
  what: { journeys: 'The browser journeys', tests: 'Vitest' },
});
