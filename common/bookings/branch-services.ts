/**
 * A branch's MOT testing and servicing, booked online at the branches only, in windows and places
 * of their own: their names, and the places key every count of places goes by. Kept apart from
 * words.ts, which the booking page's first step loads and which needs none of this.
 */
import { enquiryServiceLabel } from '#common/enquiries/options.ts';
import { mobileLocation } from './words.ts';

/**
 * The services done only at a branch, each with windows and places of its own there (the booking
 * settings' `services` of a branch), by the value a booking stores. Their titles are the ones the
 * enquiry form offers, so that a booking and an enquiry for an MOT read alike to staff.
 */
export const branchServices = ['mot', 'servicing'] as const;
export type BranchService = (typeof branchServices)[number];

export const branchServiceTitles = Object.fromEntries(
  branchServices.map((service) => [service, enquiryServiceLabel(service) ?? service]),
) as Record<BranchService, string>;

export const isBranchService = (service: string): service is BranchService =>
  (branchServices as readonly string[]).includes(service);

/**
 * The key its places are counted under (`booking_places.location`): the location's own for the
 * tyre services, which share a location's windows, and `harold-hill/mot` for a branch's MOT or
 * servicing, so that they never take one another's places. A location's key never holds a `/`.
 */
export const placesKey = (location: string, service: string) =>
  isBranchService(service) ? `${location}/${service}` : location;

/** How a sentence names each: "We do MOT tests at ...". */
const branchServiceWords: Record<BranchService, string> = { mot: 'MOT tests', servicing: 'servicing' };

const orList = new Intl.ListFormat('en-GB', { type: 'disjunction' });

/** Where customers go for it: "our Harold Hill or Upminster branch". */
export const atOurBranches = (branches: readonly string[]) => `our ${orList.format(branches)} branch`;

/**
 * Why a branch-only service cannot be booked where the customer chose: at their address (mobile
 * fitting), or at a branch that does not take it online; `branches` names those that do.
 */
export function branchServiceWhereMessage(
  service: BranchService,
  location: string,
  branches: readonly string[],
): string {
  const where = atOurBranches(branches);
  return location === mobileLocation
    ? `We do ${branchServiceWords[service]} at ${where}, not at your address. Please choose a branch.`
    : `${branchServiceTitles[service]} can be booked online at ${where} only. Please choose a branch that offers it.`;
}
