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

/** GET /api/enquiries/counts: every enquiry, and how many are in each status. */
export type EnquiryCounts = { total: number } & Record<EnquiryStatus, number>;

/** A status filter of the inbox: every enquiry, or those of one status. */
export type EnquiryStatusFilter = EnquiryStatus | 'all';

/**
 * How many enquiries a status filter shows. The count cards and the filter chips both read their
 * numbers here, from the one answer of the counts, so that a card never says other than its chip.
 */
export const countOf = (counts: EnquiryCounts, filter: EnquiryStatusFilter) =>
  filter === 'all' ? counts.total : counts[filter];

/** The counts of a list of enquiries (each with its status). */
export function countsOfList(list: readonly { status: EnquiryStatus }[]): EnquiryCounts {
  const counts = {
    total: list.length,
    ...(Object.fromEntries(enquiryStatuses.map((status) => [status, 0])) as Record<EnquiryStatus, number>),
  };
  for (const { status } of list) counts[status] += 1;
  return counts;
}
