import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleHistory } from '#common/jobs/jobs.ts';
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
