import type { MotTest, MotTyreItem } from '#common/vehicles/vehicle-data.ts';
import { londonDate } from '#common/time/london.ts';

/**
 * The DVSA's MOT history of a vehicle, as the product keeps it: when its MOT runs out and its
 * latest test with the items that name a tyre. The API writes a test's completion as an instant
 * (`2023-09-06T15:06:38.000Z`) and its expiry as a day (`2024-09-21`); its first version wrote
 * `2013.11.03 09:33:08` and `2014.11.02`, which are read too.
 */
export type MotHistory = {
  /** The latest test's expiry, or a new vehicle's first MOT's due date (YYYY-MM-DD); null if neither. */
  expiry: string | null;
  /** The latest test; null for a vehicle too new for one. */
  test: MotTest | null;
};

type DvsaDefect = { text?: unknown; type?: unknown; dangerous?: unknown };
type DvsaTest = {
  completedDate?: unknown;
  testResult?: unknown;
  expiryDate?: unknown;
  motTestNumber?: unknown;
  defects?: unknown;
  rfrAndComments?: unknown;
};

/** A day the DVSA wrote (`2024-09-21`, `2014.11.02`) as YYYY-MM-DD, or null. */
export function dvsaDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const day = value.trim().slice(0, 10).replaceAll('.', '-');
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? day : null;
}

/** The London day a test was completed: an instant with its zone, else the day as written. */
export function completedDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/T.*(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) {
    const instant = new Date(value.trim());
    return Number.isNaN(instant.getTime()) ? null : londonDate(instant);
  }
  return dvsaDay(value);
}

/** A test's items (`defects`, formerly `rfrAndComments`) that name a tyre. */
function tyreItemsOf(test: DvsaTest): MotTyreItem[] {
  const items = Array.isArray(test.defects)
    ? test.defects
    : Array.isArray(test.rfrAndComments)
      ? test.rfrAndComments
      : [];
  return (items as DvsaDefect[])
    .filter((item) => typeof item?.text === 'string' && /tyre/i.test(item.text))
    .map((item) => ({
      type: typeof item.type === 'string' ? item.type.toLowerCase() : 'advisory',
      text: (item.text as string).trim(),
      dangerous: item.dangerous === true,
    }));
}

/** The DVSA's answer for one vehicle (a tested vehicle, or a new one) as the product keeps it. */
export function motHistoryOf(answer: unknown): MotHistory {
  const vehicle = (typeof answer === 'object' && answer !== null ? answer : {}) as {
    motTests?: unknown;
    motTestDueDate?: unknown;
  };
  const tests = (Array.isArray(vehicle.motTests) ? (vehicle.motTests as DvsaTest[]) : [])
    .map((test) => ({ test, date: completedDay(test?.completedDate) }))
    .filter((entry): entry is { test: DvsaTest; date: string } => entry.date !== null)
    // Newest first; the API lists them so, but nothing promises it.
    .sort((a, b) => String(b.test.completedDate).localeCompare(String(a.test.completedDate)));
  const latest = tests[0];
  if (!latest) return { expiry: dvsaDay(vehicle.motTestDueDate), test: null };
  // A failed latest test leaves the expiry of the pass before it (a retest gives a new one).
  const expiry = tests.map(({ test }) => dvsaDay(test.expiryDate)).find((day) => day !== null) ?? null;
  const passed = String(latest.test.testResult).toUpperCase() === 'PASSED';
  return {
    expiry,
    test: {
      date: latest.date,
      result: passed ? 'passed' : 'failed',
      expiry: passed ? dvsaDay(latest.test.expiryDate) : null,
      number: typeof latest.test.motTestNumber === 'string' ? latest.test.motTestNumber : null,
      tyreItems: tyreItemsOf(latest.test),
    },
  };
}
