// What the rest of the app may use of this feature.
export { EnquiriesTab } from './dashboard/enquiries-tab.tsx';
export { formatEnquiryDate, statusLabelOf } from './dashboard/enquiry-format.ts';
export { enquiriesQueryKey, enquiryCountsQueryKey } from './dashboard/enquiry-queries.ts';
export { CoverageNotice } from './form/coverage-notice.tsx';
export { EnquiryFormOnDemand, renderEnquiryFormOnServer } from './form/enquiry-form-on-demand.tsx';
export { EnquiryForm } from './form/enquiry-form.tsx';
