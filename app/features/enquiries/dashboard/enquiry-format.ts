import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryStatusLabels } from '#common/enquiries/status.ts';

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
