/**
 * Where an enquiry is in the pipeline, from first contact to a finished job. The
 * `contacted` flag is true for every status after `new`.
 */
export const enquiryStatuses = ['new', 'contacted', 'quoted', 'booked', 'completed', 'closed'] as const;

export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const enquiryStatusLabels: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  completed: 'Completed',
  closed: 'Closed',
};

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && (enquiryStatuses as readonly string[]).includes(value);
}

/** Longest note staff may add to an enquiry. */
export const enquiryNoteMaxLength = 2000;

/** A change of status, as the card's timeline shows it. */
export type EnquiryEvent = {
  id: number;
  from: EnquiryStatus;
  to: EnquiryStatus;
  /** Who made it; null once unknown. */
  actor: string | null;
  createdAt: string;
};

export type EnquiryNote = { id: number; text: string; author: string | null; createdAt: string };

/**
 * GET /api/enquiries/counts: every enquiry, and how many are in each status. The
 * Contacted card counts every enquiry past New (`total - new`).
 */
export type EnquiryCounts = { total: number } & Record<EnquiryStatus, number>;
