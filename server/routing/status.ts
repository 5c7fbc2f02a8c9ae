import type { RoutingStatus } from '#common/routing/status.ts';
import type { ServiceNotes } from '../db/service-checks.ts';

/** The names the routes' outside services are noted by (db/service-checks.ts). */
export type RoutingService = 'postcodes' | 'osrm';

/** Where postcodes.io's and OSRM's answers are noted for staff. */
export type RoutingServiceNotes = ServiceNotes<RoutingService>;

/**
 * Whether postcodes.io and OSRM are set up, and how each last answered: what GET
 * /api/routes/status answers.
 */
export async function routingStatus(
  notes: RoutingServiceNotes,
  { osrm }: { osrm: { url: string } | null },
): Promise<RoutingStatus> {
  const [postcodesCheck, osrmCheck] = await notes.of(['postcodes', 'osrm']);
  const status = (configured: boolean, check: typeof postcodesCheck) => ({
    configured,
    lastSuccessAt: check?.lastSuccessAt ?? null,
    lastFailureAt: check?.lastFailureAt ?? null,
    lastFailure: check?.lastFailure ?? null,
  });
  return { postcodes: status(true, postcodesCheck), osrm: status(osrm !== null, osrmCheck) };
}
