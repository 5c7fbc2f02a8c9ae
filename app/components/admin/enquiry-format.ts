import type { Enquiry } from '#common/enquiry.ts';
import { enquiryStatusLabels } from '#common/enquiry-status.ts';
import { ApiError } from '../../lib/api.ts';

/** Date and time in en-GB, London time: "22/11/2026, 18:50". */
export const enquiryDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

export const formatEnquiryDate = (iso: string) => enquiryDateFormat.format(new Date(iso));

/** New or Contacted (the `contacted` flag), or the pipeline status once the enquiry is past Contacted. */
export const statusLabelOf = (enquiry: Pick<Enquiry, 'contacted' | 'status'>) =>
  !enquiry.contacted ? 'New' : enquiry.status === 'new' ? 'Contacted' : enquiryStatusLabels[enquiry.status];

/** The sentence to show for a failed request: the server's own when it sent one. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);

/** Buttons, links and controls on the staff cards: at least 40 px high, for fingers. */
export const actionClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
