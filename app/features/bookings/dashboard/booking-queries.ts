import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingUpdate } from '#common/bookings/booking.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { bookingLocationName, mobileLocation, type BookingSettings } from '#common/bookings/settings.ts';
import { isBranchService } from '#common/bookings/branch-services.ts';
import { locationsOffering, type ToldAvailabilityDay } from '#common/bookings/slots.ts';
import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { apiRequest } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { siteContentQueryKey } from '#app/features/site-content/editor/index.ts';
import { useDomainSettings } from '#app/features/settings/index.ts';
import { enquiriesQueryKey } from '#app/features/enquiries/dashboard/index.ts';
import { bookingUpdatedToast } from './booking-format.ts';

/** Every bookings query sits under this key, so one invalidation refreshes whatever the diary shows. */
export const bookingsQueryKey = ['/api/bookings'] as const;
const bookingRangeQueryKey = (from: string, to: string) => [...bookingsQueryKey, { from, to }] as const;

/** Customers book online while the office watches the diary: it is read again as often as the analytics. */
const bookingsRefetchMs = 30_000;

/** GET /api/bookings for the dates from `from` to `to`, inclusive. */
const bookingsPath = (from: string, to: string) => `/api/bookings?${new URLSearchParams({ from, to })}`;

/** The bookings of a day or a week, cancelled ones included, ordered by date, start and location. */
export function useBookings(from: string, to: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: bookingRangeQueryKey(from, to),
    queryFn: ({ signal }) => apiRequest<Booking[]>('GET', bookingsPath(from, to), undefined, { signal }),
    staleTime: 0,
    refetchInterval: bookingsRefetchMs,
    enabled,
  });
}

export const availabilityQueryKey = ['/api/availability'] as const;

/**
 * GET /api/availability: the windows with a place left at `location` on the `days` days from
 * `from`; a branch's MOT testing and servicing ask for their own (any other service shares the
 * location's windows, and is not named, so that a service hidden since it was booked is no
 * matter).
 */
function availabilityPath(location: string, from: string, days: number, service = ''): string {
  const query = new URLSearchParams({ location, from, days: String(days) });
  if (isBranchService(service)) query.set('service', service);
  return `/api/availability?${query}`;
}

/** The free windows a booking of `service` may move to; read afresh each time, as places go quickly. */
export function useAvailability(
  { location, service }: { location: string; service: string },
  from: string,
  days: number,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: [...availabilityQueryKey, { location, service, from, days }],
    queryFn: ({ signal }) =>
      apiRequest<ToldAvailabilityDay[]>('GET', availabilityPath(location, from, days, service), undefined, {
        signal,
      }),
    staleTime: 0,
    enabled,
  });
}

export type BookingLocation = { key: string; name: string };

/** How far ahead a move may look when the content has not arrived, and at most (the API's limit for a range). */
const defaultSearchDays = 22;
const maxSearchDays = 62;

/**
 * Where a booking of `service` may be moved: mobile fitting and each branch, or for a branch's
 * MOT testing or servicing the branches that take it.
 */
function placesFor(content: SiteContent, settings: BookingSettings, service: string): BookingLocation[] {
  const keys = isBranchService(service)
    ? locationsOffering(settings, service)
    : [mobileLocation, ...content.branches.map((branch) => branch.key)];
  return keys.map((key) => ({ key, name: bookingLocationName(key, content.branches) }));
}

/**
 * Where bookings of `service` can be made, by the booking settings in force (named as the
 * published site content names the branches), and how many days ahead customers may book, today
 * included.
 */
export function useBookingLocations({ enabled, service }: { enabled: boolean; service: string }) {
  const content = useQuery<PublishedSiteContent>({ queryKey: siteContentQueryKey, enabled });
  const booking = useDomainSettings('booking', { enabled });
  const published = content.data?.content;
  const settings = booking.data?.settings;
  const locations = published && settings && placesFor(published, settings, service);
  const searchDays = settings ? Math.min(settings.horizonDays + 1, maxSearchDays) : defaultSearchDays;
  return { locations, searchDays, isPending: (content.isPending || booking.isPending) && enabled };
}

export { useFitters } from '#app/lib/use-fitters.ts';

/**
 * PUT /api/bookings/{id}: a change of status, a move, or the fitter it is given to. A booking is
 * also an enquiry in the pipeline, so both lists are refreshed afterwards, whatever the answer.
 */
export function useBookingUpdate(booking: Booking) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: BookingUpdate) => apiRequest<Booking>('PUT', `/api/bookings/${booking.id}`, update),
    onSuccess: (updated, update) => toast(bookingUpdatedToast(booking, update, updated)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
      ]),
  });
}

/**
 * POST /api/jobs/{id}/price-approval: the office approves the price a fitter cut past the owner's
 * limit, and the job's invoice is issued.
 */
export function usePriceApproval(booking: Pick<Booking, 'id' | 'reference'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Job>('POST', `/api/jobs/${booking.id}/price-approval`),
    onSuccess: (job) =>
      toast({
        title: 'Price approved',
        description: `Booking ${booking.reference}: invoice ${job.invoice ?? ''} issued.`,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
