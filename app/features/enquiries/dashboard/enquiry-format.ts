import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryStatusLabels } from '#common/enquiries/status.ts';

/** New or Contacted (the `contacted` flag), or the pipeline status once the enquiry is past Contacted. */
export const statusLabelOf = (enquiry: Pick<Enquiry, 'contacted' | 'status'>) =>
  !enquiry.contacted ? 'New' : enquiry.status === 'new' ? 'Contacted' : enquiryStatusLabels[enquiry.status];
