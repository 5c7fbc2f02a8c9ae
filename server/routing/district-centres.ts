import type { LatLng } from '#common/routing/geo.ts';

/**
 * Postcode districts' centres shipped with the product, for placing a postcode while postcodes.io
 * cannot answer and no postcode of its district has been kept yet (places.ts). A district's
 * centre is the average of its postcodes' coordinates, as postcodes.io's GET /outcodes/{outcode}
 * answers it from the ONS Postcode Directory.
 *
 * Only centres whose source could be checked are listed: these are postcodes.io's own published
 * examples of its outcode answers (its documentation's outcode lookup and nearest-outcode pages).
 * The business's own districts are not listed yet; until they are, a postcode there is placed by
 * the district's postcodes kept from earlier look-ups, which fill in as customers book.
 *
 * Contains OS data © Crown copyright and database right; Contains Royal Mail data © Royal Mail
 * copyright and database right; Source: Office for National Statistics licensed under the Open
 * Government Licence v.3.0.
 */
export const districtCentres: Readonly<Record<string, LatLng>> = {
  BR8: { latitude: 51.41300203259024, longitude: 0.17398827115555 },
  NW1: { latitude: 51.52825, longitude: -0.139926 },
  SW1A: { latitude: 51.504530636363654, longitude: -0.13226037062937065 },
  W1: { latitude: 51.516759, longitude: -0.14224 },
  WC1: { latitude: 51.519358, longitude: -0.118548 },
};
