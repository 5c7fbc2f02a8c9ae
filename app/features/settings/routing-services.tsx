import { useQuery } from '@tanstack/react-query';
import type { RoutingStatus } from '#common/routing/status.ts';
import { apiRequest } from '#app/lib/api.ts';
import { ServiceLine } from './vehicles-section.tsx';

/** GET /api/routes/status: whether postcodes.io and OSRM are set up, and how each last answered. */
export function useRoutingStatus() {
  return useQuery({
    queryKey: ['/api/routes/status'],
    queryFn: ({ signal }) => apiRequest<RoutingStatus>('GET', '/api/routes/status', undefined, { signal }),
    staleTime: 0,
  });
}

/**
 * The routes' outside services above their settings: postcodes.io (always set up) and OSRM (the
 * drives are estimated without it), each with when it last answered and last failed, and why.
 */
export function RoutingServices({ status }: { status: RoutingStatus | undefined }) {
  if (!status) return null;
  return (
    <ul aria-label="Route services" className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <ServiceLine name="Postcodes (postcodes.io)" status={status.postcodes} variables="POSTCODES_API_URL" />
      <ServiceLine
        name="Road times (OSRM)"
        status={status.osrm}
        variables="OSRM_URL; drives are estimated from the straight line meanwhile"
      />
    </ul>
  );
}
