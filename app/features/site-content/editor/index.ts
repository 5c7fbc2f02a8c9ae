// What the rest of the app may use of this feature.
export { siteContentQueryKey } from './content-queries.ts';
export { ContentTab } from './content-tab.tsx';
export { usePublishedSiteContent } from './content-queries.ts';
