// What the rest of the app may use of this feature.
export { EnquiriesTab } from './enquiries-tab.tsx';
export { statusLabelOf } from './enquiry-format.ts';
export { enquiriesQueryKey, enquiryCountsQueryKey } from './enquiry-queries.ts';
