import { formatPence } from '#common/util/money.ts';

/**
 * Amounts as staff type and read them in the Tyres tab: pounds with two decimals ("89.99"), kept
 * in pence by the API.
 */

/** "89.99", or "£89.99" with the sign, from pence. */
export const poundsText = (pence: number, withSign = false) =>
  withSign ? formatPence(pence) : (pence / 100).toFixed(2);

/** Pence from what was typed ("89.99", "£89", "1,250.5"); NaN when it is not an amount. */
export function penceOf(text: string): number {
  const cleaned = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

/** The message of an amount that is not one. */
export const amountMessage = 'Enter an amount in pounds, for example 89.99';
