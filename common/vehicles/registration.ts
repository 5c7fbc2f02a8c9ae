/**
 * A vehicle's registration, the key every part of the product knows a vehicle by: checked as UK
 * plates are written, stored in one form (AB12CDE), shown as on the plate (AB12 CDE).
 */

/**
 * UK registrations, spaces aside: current (AB12CDE), prefix (A123BCD), suffix (ABC123D) and
 * dateless marks (ABC123, 1234AB; Northern Ireland's ABZ1234).
 */
const registrationPatterns = [
  /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/,
  /^[A-Z][0-9]{1,3}[A-Z]{3}$/,
  /^[A-Z]{3}[0-9]{1,3}[A-Z]$/,
  /^[A-Z]{1,3}[0-9]{1,4}$/,
  /^[0-9]{1,4}[A-Z]{1,3}$/,
];

/** A registration as stored: upper case, without spaces or dashes (`ab12 cde` is `AB12CDE`). */
export const normaliseRegistration = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

export const isRegistration = (value: string) =>
  registrationPatterns.some((pattern) => pattern.test(normaliseRegistration(value)));

/** `AB12CDE` as people write it, `AB12 CDE` (the current format); other formats as stored. */
export function formatRegistration(value: string): string {
  return /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/.test(value) ? `${value.slice(0, 4)} ${value.slice(4)}` : value;
}

export const registrationMessage = 'Enter the vehicle’s registration, for example AB12 CDE';
