// What the rest of the app may use of this feature.
export { homeContent, hoursText, servicePage, servicePaths, siteNav } from './page-content.server.ts';
