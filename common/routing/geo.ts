/**
 * Distances on the map: the straight line between two points (the haversine formula on a sphere
 * of the Earth's mean radius), and a drive estimated from it where no routing engine answers: the
 * straight line times a road factor, at an average speed (the routes settings).
 */

export type LatLng = { latitude: number; longitude: number };

/** A drive between two places: how long, and how far by road. */
export type Leg = { minutes: number; miles: number };

/** The Earth's mean radius in miles (IUGG: 6,371.0088 km). */
const earthRadiusMiles = 3958.7613;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The straight-line (great-circle) distance between `a` and `b`, in miles. */
export function straightMiles(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** How the drive is estimated without a routing engine (the routes settings' `averageMph`, `roadFactor`). */
export type DriveEstimate = { averageMph: number; roadFactor: number };

/** The drive from `a` to `b` estimated from the straight line. */
export function estimatedLeg(a: LatLng, b: LatLng, { averageMph, roadFactor }: DriveEstimate): Leg {
  const miles = straightMiles(a, b) * roadFactor;
  return { miles, minutes: (miles / averageMph) * 60 };
}
