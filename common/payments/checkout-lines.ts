import type { ChargedLine } from '#common/jobs/invoice.ts';
import { linesTotal } from '#common/jobs/lines.ts';

/** One line of a Checkout page: what the customer reads, how many, and each one's price in pence. */
export type CheckoutLine = { name: string; quantity: number; unitPence: number };

/**
 * The lines a Checkout page shows for paying `amount` of a job charging `lines`: the lines
 * themselves when it is all of them; otherwise each line's share of `amount` ("Deposit towards
 * 2 × Tyre, fully fitted"), in proportion to its price, the pennies left by rounding going to the
 * largest remainders, so that the shares add up to `amount` exactly. A job with no price yet has
 * one line for the whole amount.
 */
export function checkoutLines(lines: readonly ChargedLine[], amount: number, label: string): CheckoutLine[] {
  const priced = lines.filter((line) => line.quantity > 0 && line.unitPence > 0);
  const total = linesTotal(priced);
  if (amount === total) {
    return priced.map((line) => ({
      name: line.description,
      quantity: line.quantity,
      unitPence: line.unitPence,
    }));
  }
  if (total <= 0) return [{ name: label, quantity: 1, unitPence: amount }];
  const exact = priced.map((line) => (line.quantity * line.unitPence * amount) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return priced
    .map((line, index) => ({
      name: `${label} towards ${line.quantity} × ${line.description}`,
      quantity: 1,
      unitPence: shares[index]!,
    }))
    .filter((line) => line.unitPence > 0);
}
