import { formatPence } from '#common/util/money.ts';
import type { ChargedLine } from './invoice.ts';

/** The first amount a price text states, in pence: "£25" and "From £45.50"; null for "On request". */
export function penceOfPriceText(text: string): number | null {
  const match = /£\s?([0-9]{1,3}(?:,[0-9]{3})*|[0-9]+)(?:\.([0-9]{2}))?/.exec(text);
  if (!match) return null;
  return Number(match[1]!.replaceAll(',', '')) * 100 + Number(match[2] ?? 0);
}

/** What a booking charges, as far as the booking says it. */
type BookedCharge = {
  serviceTitle: string;
  /** The service's price lines on the site ("£25", "From £45"), in their order. */
  servicePrices: readonly string[];
  tyre: { description: string; quantity: number; price: number } | null;
  /** The call-out charge by distance (common/routing), when the booking has one. */
  callOutPence?: number;
};

/** The line a booking's call-out charge by distance makes. */
export const callOutLineDescription = 'Call-out';

/**
 * The lines a job charges unless the fitter changes them: the tyres booked, each at its fully
 * fitted price (fitting included), or else the service at the first price the site states for it
 * (£0 when it states none: the fitter enters the price).
 */
export function bookedLines({
  serviceTitle,
  servicePrices,
  tyre,
  callOutPence = 0,
}: BookedCharge): ChargedLine[] {
  const callOut =
    callOutPence > 0 ? [{ description: callOutLineDescription, quantity: 1, unitPence: callOutPence }] : [];
  if (tyre) {
    return [
      { description: `${tyre.description}, fully fitted`, quantity: tyre.quantity, unitPence: tyre.price },
      ...callOut,
    ];
  }
  const price = servicePrices.map(penceOfPriceText).find((pence) => pence !== null) ?? 0;
  return [{ description: serviceTitle, quantity: 1, unitPence: price }, ...callOut];
}

export const sameLines = (a: readonly ChargedLine[], b: readonly ChargedLine[]) =>
  a.length === b.length &&
  a.every(
    (line, index) =>
      line.description === b[index]!.description &&
      line.quantity === b[index]!.quantity &&
      line.unitPence === b[index]!.unitPence,
  );

export const linesTotal = (lines: readonly ChargedLine[]) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unitPence, 0);

/** Lines in one line of text, as the activity log keeps a change of them: "2 × Tyre at £68.99; total £137.98". */
export const linesText = (lines: readonly ChargedLine[]) =>
  [
    ...lines.map((line) => `${line.quantity} × ${line.description} at ${formatPence(line.unitPence)}`),
    `total ${formatPence(linesTotal(lines))}`,
  ].join('; ');

/** Whether charging `charged` for a job booked at `booked` takes off more than `limitPercent`. */
export const reductionPastLimit = (booked: number, charged: number, limitPercent: number) =>
  (booked - charged) * 100 > booked * limitPercent;
