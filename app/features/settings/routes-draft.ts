import { isBranchService } from '#common/bookings/branch-services.ts';
import {
  routeLimits,
  type CallOutBand,
  type RouteSettings,
  type RouteStart,
} from '#common/routing/settings.ts';
import type { BranchContent, ServiceContent } from '#common/site-content/site-content.ts';
import { normalisePostcode } from '#common/site-content/postcode.ts';

/** A start to fill in: no name, no postcode, no fitter's. */
export const newStart: RouteStart = { name: '', postcode: '', fitterId: null };

/** A band to fill in: its fields empty (NaN), which the rules refuse until they are typed. */
export const newCallOutBand: CallOutBand = { upToMiles: Number.NaN, pence: Number.NaN };

/**
 * The branches not yet among the starts, as starts of no one's van: a branch is listed when a
 * start has its name or its postcode. No more than the starts' limit allows.
 */
export function branchStarts(
  branches: readonly Pick<BranchContent, 'name' | 'address'>[],
  starts: readonly RouteStart[],
): RouteStart[] {
  const names = new Set(starts.map((start) => start.name.trim().toLowerCase()));
  const postcodes = new Set(starts.map((start) => normalisePostcode(start.postcode)));
  return branches
    .filter(
      (branch) =>
        !names.has(branch.name.trim().toLowerCase()) &&
        !postcodes.has(normalisePostcode(branch.address.postcode)),
    )
    .map((branch) => ({ name: branch.name, postcode: branch.address.postcode, fitterId: null }))
    .slice(0, Math.max(0, routeLimits.starts - starts.length));
}

/** A service whose time on site the settings keep: its key, as a booking stores it, and its title. */
export type OnSiteService = { key: string; title: string };

/**
 * The services a van goes out for, as the booking page offers mobile fitting: the site's visible
 * services but a branch's MOT testing and servicing; and any the settings name that are gone
 * since, so that their time can be cleared.
 */
export function onSiteServicesOf(
  services: readonly Pick<ServiceContent, 'slug' | 'title' | 'visible'>[],
  minutes: RouteSettings['onSiteMinutes'],
): OnSiteService[] {
  const shown = services
    .filter((service) => service.visible && !isBranchService(service.slug))
    .map((service) => ({ key: service.slug, title: service.title }));
  const gone = Object.keys(minutes)
    .filter((key) => !shown.some((service) => service.key === key))
    .map((key) => ({ key, title: `${key} (no longer shown)` }));
  return [...shown, ...gone];
}

/** The times on site with a service's typed (a blank one dropped: the service takes the default). */
export function withOnSiteMinutes(
  minutes: RouteSettings['onSiteMinutes'],
  key: string,
  text: string,
): RouteSettings['onSiteMinutes'] {
  if (text.trim() === '')
    return Object.fromEntries(Object.entries(minutes).filter(([entry]) => entry !== key));
  return { ...minutes, [key]: Number(text.trim()) };
}
