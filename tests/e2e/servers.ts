/**
 * The servers the journeys run against: the site as deployed without Google Analytics, a second
 * one with a GA4 measurement id, for the journey that checks the tag waits for consent, one per
 * viewport for the journeys that publish site content (prices, hours, hidden services), and one
 * per viewport for the journeys that delete pictures, so that what they change never shows in
 * the other journeys running at the same time.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const withAnalyticsTag = {
  origin: `http://127.0.0.1:${e2ePort + 1}`,
  measurementId: 'G-E2ETEST123',
} as const;

export const contentSitePorts = { phone: e2ePort + 2, desktop: e2ePort + 3 } as const;
export const picturesSitePorts = { phone: e2ePort + 4, desktop: e2ePort + 5 } as const;

/** The origin of the content-publishing site of a project (`phone` or `desktop`). */
export function contentSiteOrigin(project: string): string {
  const port = contentSitePorts[project as keyof typeof contentSitePorts];
  if (!port) throw new Error(`No content site for the project ${project}`);
  return `http://127.0.0.1:${port}`;
}
