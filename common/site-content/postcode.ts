/**
 * UK postcodes and the business's covered area. A postcode is an outward code (area letters and
 * district: `RM3`, `CM12`, `SW1A`) and an inward code (`0AB`). The area staff cover is a list of
 * districts (`RM3`) or whole areas (`SS`), part of the published site content; the enquiry form
 * tells the customer at once whether their postcode is inside it, and the server marks enquiries
 * from outside.
 */

/** A full UK postcode, with or without its space, any case (the Royal Mail's formats, and GIR 0AA). */
export const postcodePattern = /^(?:[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}|GIR ?0AA)$/i;

/** A postcode district (`RM3`, `CM12`, `SW1A`) or a whole postcode area (`SS`), as staff list them. */
export const districtPattern = /^[A-Z]{1,2}(?:[0-9][A-Z0-9]?)?$/;

export const postcodeMessage = 'Enter a UK postcode, for example RM3 0AB';

/** Upper case, spaces removed, one space before the inward code: `rm30ab` becomes `RM3 0AB`. */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** Whether `value` is a full UK postcode (spaces and case aside). */
export const isPostcode = (value: string) => postcodePattern.test(normalisePostcode(value));

/** A district as staff typed it, tidied: `rm 3` becomes `RM3`. */
export const normaliseDistrict = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The outward code of a full postcode: `RM3 0AB` gives `RM3`. */
export const outwardCode = (postcode: string) => normalisePostcode(postcode).split(' ')[0]!;

export type Coverage =
  /** Inside the covered districts; `district` is the postcode's outward code. */
  | { verdict: 'inside'; district: string }
  | { verdict: 'outside'; district: string }
  /** Not a full postcode, or no covered districts are listed: nothing to say. */
  | { verdict: 'unknown' };

/**
 * Whether a postcode lies in the covered area. A listed district covers its sub-districts (`W1`
 * covers `W1A 1AA`); a listed area covers all its districts (`SS` covers `SS14 1AB`).
 */
export function coverageOf(postcode: string, coveredDistricts: readonly string[]): Coverage {
  if (coveredDistricts.length === 0 || !isPostcode(postcode)) return { verdict: 'unknown' };
  const district = outwardCode(postcode);
  const area = district.match(/^[A-Z]+/)![0];
  // A district ending in a letter (W1A, SW1A, EC1A) is a sub-district of the one without it.
  const parent = /[0-9][A-Z]$/.test(district) ? district.slice(0, -1) : district;
  const covered = new Set(coveredDistricts.map(normaliseDistrict));
  const inside = covered.has(district) || covered.has(parent) || covered.has(area);
  return { verdict: inside ? 'inside' : 'outside', district };
}
