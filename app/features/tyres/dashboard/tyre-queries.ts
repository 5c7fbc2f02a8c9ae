import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Booking } from '#common/bookings/booking.ts';
import type {
  TyreToOrder,
  StaffTyre,
  StaffTyrePage,
  TyreChange,
  TyreImportReport,
  TyreSupplier,
} from '#common/tyres/staff.ts';
import type { ColumnMapping } from '#common/tyres/price-file.ts';
import { apiRequest } from '#app/lib/api.ts';
import { bookingsQueryKey } from '#app/features/bookings/dashboard/index.ts';
import type { StockTableView } from './stock-table-place.ts';

/** Every query of the Tyres tab sits under this key: one invalidation refreshes the tab. */
const tyresQueryKey = ['/api/tyres'] as const;
const catalogueKey = (query: string, view: StockTableView) =>
  [...tyresQueryKey, 'catalogue', query, view] as const;
const suppliersKey = [...tyresQueryKey, 'suppliers'] as const;
const importsKey = [...tyresQueryKey, 'imports'] as const;
const importKey = (id: number) => [...importsKey, id] as const;
const toOrderKey = [...tyresQueryKey, 'to-order'] as const;
const heldKey = [...tyresQueryKey, 'held'] as const;

/** GET /api/tyres/catalogue: the catalogue by size, brand, pattern or EAN, sorted and filtered, 50 tyres a page. */
export function useTyreCatalogue(query: string, view: StockTableView) {
  const { sort, dir, low } = view;
  return useInfiniteQuery({
    queryKey: catalogueKey(query, view),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q: query });
      if (sort) params.set('sort', sort);
      if (sort) params.set('dir', dir);
      if (low) params.set('low', 'true');
      params.set('offset', String(pageParam));
      return apiRequest<StaffTyrePage>('GET', `/api/tyres/catalogue?${params}`, undefined, { signal });
    },
    getNextPageParam: (page) => page.next ?? undefined,
    // The rows shown stay while another sort or filter loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/tyres/{id}: stock (with a reason), own price or hidden. */
export function useChangeTyre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TyreChange }) =>
      apiRequest<StaffTyre>('PATCH', `/api/tyres/${id}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tyresQueryKey }),
  });
}

/** DELETE /api/tyres/demo: the demo catalogue goes (tyres booked already are kept, hidden). */
export function useRemoveDemoTyres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ removed: number }>('DELETE', '/api/tyres/demo'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tyresQueryKey }),
  });
}

/** GET /api/tyres/suppliers: each supplier and the mapping of its file's headers. */
export function useTyreSuppliers() {
  return useQuery({
    queryKey: suppliersKey,
    queryFn: ({ signal }) => apiRequest<TyreSupplier[]>('GET', '/api/tyres/suppliers', undefined, { signal }),
  });
}

/** POST /api/tyres/suppliers, or PUT /api/tyres/suppliers/{id} for one already kept. */
export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, mapping }: { id: number | null; name: string; mapping: ColumnMapping }) =>
      id === null
        ? apiRequest<TyreSupplier>('POST', '/api/tyres/suppliers', { name, mapping })
        : apiRequest<TyreSupplier>('PUT', `/api/tyres/suppliers/${id}`, { name, mapping }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersKey }),
  });
}

/** GET /api/tyres/imports: the last 20 imports, newest first (without their refused rows). */
export function useTyreImports() {
  return useQuery({
    queryKey: importsKey,
    queryFn: ({ signal }) =>
      apiRequest<TyreImportReport[]>('GET', '/api/tyres/imports', undefined, { signal }),
  });
}

/** How often a running import's progress is read again. */
const importPollMs = 1_000;

/** GET /api/tyres/imports/{id}: read again every second while it runs. */
export function useTyreImport(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const report = await apiRequest<TyreImportReport>('GET', `/api/tyres/imports/${id}`, undefined, {
        signal,
      });
      // When it ends, the rest of the tab is read again (the catalogue, the list of imports).
      const before = queryClient.getQueryData<TyreImportReport>(importKey(id ?? 0));
      if (report.status !== 'running' && (!before || before.status === 'running')) {
        void queryClient.invalidateQueries({
          queryKey: tyresQueryKey,
          predicate: (query) => !(query.queryKey[1] === 'imports' && query.queryKey[2] === id),
        });
      }
      return report;
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? importPollMs : false),
  });
}

/** POST /api/tyres/imports: the file (and the supplier whose mapping reads it); answers its id. */
export function useStartImport() {
  return useMutation({
    mutationFn: ({ file, mappingId, full }: { file: File; mappingId: number | null; full: boolean }) => {
      const body = new FormData();
      body.append('file', file);
      if (mappingId !== null) body.append('mappingId', String(mappingId));
      body.append('full', String(full));
      return apiRequest<{ id: number }>('POST', '/api/tyres/imports', body);
    },
  });
}

/** GET /api/tyres/to-order: bookings whose tyres come from the supplier, soonest first. */
export function useTyresToOrder() {
  return useQuery({
    queryKey: toOrderKey,
    queryFn: ({ signal }) => apiRequest<TyreToOrder[]>('GET', '/api/tyres/to-order', undefined, { signal }),
  });
}

/** PUT /api/tyres/to-order/{id}: the booking's tyres are ordered (or not after all). */
export function useMarkTyresOrdered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ordered }: { id: number; ordered: boolean }) =>
      apiRequest<TyreToOrder[]>('PUT', `/api/tyres/to-order/${id}`, { ordered }),
    onSuccess: (list) => {
      queryClient.setQueryData(toOrderKey, list);
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}

/** GET /api/tyres/held: online bookings not yet confirmed that hold tyres from stock. */
export function useHeldTyres() {
  return useQuery({
    queryKey: heldKey,
    queryFn: ({ signal }) => apiRequest<Booking[]>('GET', '/api/tyres/held', undefined, { signal }),
  });
}

/** POST /api/tyres/held/{booking id}/release: the booking's tyres go back on sale. */
export function useReleaseHeldTyres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Booking[]>('POST', `/api/tyres/held/${id}/release`),
    onSuccess: (list) => {
      queryClient.setQueryData(heldKey, list);
      // The stock's figures, the list to order and the diary change with it.
      void queryClient.invalidateQueries({
        queryKey: tyresQueryKey,
        predicate: (query) => query.queryKey[1] !== 'held',
      });
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
