/**
 * The servers the journeys run against: the site as deployed without Google Analytics, and a
 * second one with a GA4 measurement id, for the journey that checks the tag waits for consent.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const withAnalyticsTag = {
  origin: `http://127.0.0.1:${e2ePort + 1}`,
  measurementId: 'G-E2ETEST123',
} as const;
