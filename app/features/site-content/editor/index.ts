// What the rest of the app may use of this feature.
export { siteContentQueryKey } from './content-queries.ts';
export { ContentTab } from './content-tab.tsx';
// The labels of the fields, which the Settings tab's fields (app/components/editor/) are named by.
export { fieldLabel } from './content-errors.ts';
export { usePublishedSiteContent } from './content-queries.ts';
