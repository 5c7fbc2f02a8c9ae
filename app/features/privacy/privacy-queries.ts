import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasureCounts, PersonalDataExport } from '#common/privacy/privacy.ts';
import { apiRequest, messageOf } from '#app/lib/api.ts';
import { saveFile } from '#app/lib/save-file.ts';
import { toast } from '#app/lib/use-toast.ts';
import { enquiriesQueryKey } from '#app/features/enquiries/dashboard/index.ts';
import { erasureOutcome, personalDataFileName } from './privacy-format.ts';

/** Every lookup sits under this key; one address's under `personalDataQueryKey(email)`. */
export const personalDataRootKey = ['/api/privacy/export'] as const;
export const personalDataQueryKey = (email: string) => [...personalDataRootKey, email] as const;

const readPersonalData = (email: string, signal?: AbortSignal) =>
  apiRequest<PersonalDataExport>('GET', `/api/privacy/export?${new URLSearchParams({ email })}`, undefined, {
    signal,
  });

const personalDataQuery = (email: string) => ({
  queryKey: personalDataQueryKey(email),
  queryFn: ({ signal }: { signal: AbortSignal }) => readPersonalData(email, signal),
  // Read afresh every time, and forgotten as soon as nothing shows it: it is someone's personal data.
  staleTime: 0,
  gcTime: 0,
});

/** What is stored for one e-mail address (GET /api/privacy/export). */
export function usePersonalData(email: string) {
  return useQuery(personalDataQuery(email));
}

/**
 * "Download data (JSON)": the export read again at the moment of the download (a note added since
 * the search is in it), shown on the page too, and saved as personal-data-<date>.json.
 */
export function useDownloadPersonalData(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => queryClient.fetchQuery(personalDataQuery(email)),
    onSuccess: (data) =>
      saveFile(
        personalDataFileName(data),
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      ),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Download failed', description: messageOf(error) }),
  });
}

/**
 * "Erase all data" (POST /api/privacy/erase). Afterwards the lookup shows nothing stored and is read
 * again to prove it, and the Enquiries tab forgets the lists and counts it kept, so that no erased
 * enquiry shows there, even for a moment.
 */
export function useErasePersonalData(email: string, { onErased }: { onErased: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ErasureCounts>('POST', '/api/privacy/erase', { email }),
    onSuccess: (erased) => {
      queryClient.setQueryData<PersonalDataExport>(
        personalDataQueryKey(email),
        (stored) => stored && { ...stored, enquiries: [], bookings: [] },
      );
      toast({ title: 'Personal data erased', description: erasureOutcome(email, erased) });
      onErased();
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Erase failed', description: messageOf(error) }),
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: enquiriesQueryKey, type: 'inactive' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: personalDataQueryKey(email) }),
      ]);
    },
  });
}
