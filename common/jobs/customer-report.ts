import { tyrePositionLabels, tyrePositions, type JobRecord } from './jobs.ts';

/**
 * A completed job as the customer hears of it: the job report e-mail (server/jobs/mails.ts) and
 * the customer's own page (/bookings/manage/{token}) say the same, in the same words.
 */
export type CustomerJobReport = {
  record: JobRecord;
  /** When the fitter completed it (ISO). */
  completedAt: string;
  /** The VAT invoice's number; null while a price cut waits for the office's approval. */
  invoiceNumber: string | null;
};

/** What a job report says was done, in words. */
export type JobReportWords = {
  /** "Front left (nearside): Hankook Ventus Prime 4 205/55 R16, DOT 1224 (week 12 of 2024)". */
  fitted: string[];
  /** "Front left (nearside): 1.6 mm". */
  removedTread: string[];
  /** "Wheel nuts torqued to the maker's setting: yes". */
  checks: string[];
  advisories: string;
  notes: string;
};

const positionOrder = (position: string) => tyrePositions.indexOf(position as (typeof tyrePositions)[number]);

/** The tyres fitted with their DOT, the tread of those removed, the checks, advisories and notes. */
export function jobReportWords(record: JobRecord): JobReportWords {
  const fitted = [...record.tyres].sort((a, b) => positionOrder(a.position) - positionOrder(b.position));
  const removed = tyrePositions.filter((position) => record.removedTreadMm[position] !== undefined);
  return {
    fitted: fitted.map(
      (tyre) =>
        `${tyrePositionLabels[tyre.position]}: ${tyre.brand} ${tyre.pattern} ${tyre.size}, DOT ${tyre.dot} (week ${tyre.dot.slice(0, 2)} of 20${tyre.dot.slice(2)})`,
    ),
    removedTread: removed.map(
      (position) => `${tyrePositionLabels[position]}: ${record.removedTreadMm[position]!.toFixed(1)} mm`,
    ),
    checks: [
      `Wheel nuts torqued to the maker's setting: ${record.torqued ? 'yes' : 'no'}`,
      `Tyre pressure monitoring (TPMS) reset: ${record.tpmsReset ? 'yes' : 'no'}`,
    ],
    advisories: record.advisories,
    notes: record.notes,
  };
}
