// What the rest of the app may use of this feature.
export { CoverageNotice } from './coverage-notice.tsx';
export { EnquiryFormOnDemand } from './enquiry-form-on-demand.tsx';
