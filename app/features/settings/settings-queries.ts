import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DomainSettings, SettingsChange, SettingsDomain, SettingsOf } from '#common/settings/domains.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';

/** One domain's settings as GET /api/settings/{domain} answers them. */
const settingsQueryKey = (domain: SettingsDomain) => ['/api/settings', domain] as const;
const historyQueryKey = (domain: SettingsDomain) => ['/api/settings', domain, 'history'] as const;

export function useDomainSettings<Domain extends SettingsDomain>(domain: Domain, { enabled = true } = {}) {
  return useQuery({
    queryKey: settingsQueryKey(domain),
    queryFn: ({ signal }) =>
      apiRequest<DomainSettings<Domain>>('GET', `/api/settings/${domain}`, undefined, { signal }),
    enabled,
  });
}

/** The changes of a domain, newest first: read when staff open the history. */
export function useSettingsHistory(domain: SettingsDomain, enabled: boolean) {
  return useQuery({
    queryKey: historyQueryKey(domain),
    queryFn: ({ signal }) =>
      apiRequest<SettingsChange[]>('GET', `/api/settings/${domain}/history`, undefined, { signal }),
    enabled,
  });
}

/**
 * PUT /api/settings/{domain}: the settings as edited from `version`. The answer (or, on a 409,
 * the settings someone else saved meanwhile) replaces what the tab shows, which gives a fresh form.
 */
export function useChangeSettings<Domain extends SettingsDomain>(domain: Domain) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { version: number; settings: SettingsOf<Domain> }) =>
      apiRequest<DomainSettings<Domain>>('PUT', `/api/settings/${domain}`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsQueryKey(domain), answer);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey(domain) });
      // What the other tabs show by these settings (the catalogue's prices, the diary's places).
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== '/api/settings' });
    },
    onError: (error) => {
      const current = error instanceof ApiError && error.status === 409 ? error.body.current : undefined;
      if (current) queryClient.setQueryData(settingsQueryKey(domain), current as DomainSettings<Domain>);
    },
  });
}
