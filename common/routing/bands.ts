import type { CallOutBand } from './settings.ts';

/**
 * The call-out charge for a customer `miles` by road from the nearest van's start: the pence of
 * the first band that reaches that far (the bands go nearest first, as the settings check).
 * Exactly on a band's edge is within it. Null beyond the last band: mobile fitting is not booked
 * online there. With no bands at all there is no charge and no limit.
 */
export function callOutPenceFor(miles: number, bands: readonly CallOutBand[]): number | null {
  if (bands.length === 0) return 0;
  for (const band of bands) {
    if (miles <= band.upToMiles) return band.pence;
  }
  return null;
}

/**
 * The call-out charge of a slot: when a van is already nearby that day, less the nearby
 * discount, never below nothing (the discount does not pay the customer).
 */
export function nearbyCallOutPence(pence: number, nearby: boolean, discountPence: number): number {
  return nearby ? Math.max(0, pence - discountPence) : pence;
}
