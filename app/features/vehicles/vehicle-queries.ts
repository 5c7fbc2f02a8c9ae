import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleHistory } from '#common/jobs/jobs.ts';
import type { VehicleDataStatus } from '#common/vehicles/settings.ts';
import type { VehicleLookedUpAgain } from '#common/vehicles/vehicles.ts';
import { apiRequest } from '#app/lib/api.ts';

/** Every vehicle query sits under this key: each vehicle's history, by its registration. */
export const vehiclesQueryKey = ['/api/vehicles'] as const;
export const vehicleQueryKey = (registration: string) => [...vehiclesQueryKey, registration] as const;

/** Every job on a registration (as stored, AB12CDE), newest first; read afresh at each search. */
export function useVehicleHistory(registration: string) {
  return useQuery({
    queryKey: vehicleQueryKey(registration),
    queryFn: ({ signal }) =>
      apiRequest<VehicleHistory>('GET', `/api/vehicles/${encodeURIComponent(registration)}`, undefined, {
        signal,
      }),
    staleTime: 0,
  });
}

/**
 * PUT /api/vehicles/{registration} (owners and staff): the vehicle's MOT expiry, which schedules
 * its reminders afresh. Its history is read again afterwards.
 */
export function useSetMotExpiry(registration: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (motExpiry: string) =>
      apiRequest<{ registration: string; motExpiry: string }>(
        'PUT',
        `/api/vehicles/${encodeURIComponent(registration)}`,
        { motExpiry },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleQueryKey(registration) }),
  });
}

/**
 * POST /api/vehicles/{registration}/lookup (owners and staff): the DVLA and the DVSA asked afresh;
 * the history, with its MOT expiry and test, is read again afterwards.
 */
export function useLookUpAgain(registration: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<VehicleLookedUpAgain>('POST', `/api/vehicles/${encodeURIComponent(registration)}/lookup`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vehicleQueryKey(registration) }),
  });
}

/**
 * Whether the DVLA and the DVSA are set up, and how each last answered (GET /api/vehicles/status):
 * read afresh each time the Settings tab shows it. Its key is apart from the vehicles' histories.
 */
export function useVehicleDataStatus() {
  return useQuery({
    queryKey: ['/api/vehicles/status'],
    queryFn: ({ signal }) =>
      apiRequest<VehicleDataStatus>('GET', '/api/vehicles/status', undefined, { signal }),
    staleTime: 0,
  });
}
