// What the rest of the app may use of this feature.
export { siteContentQueryKey } from './editor/content-api.ts';
export { ContentTab } from './editor/content-tab.tsx';
export {
  type BranchView,
  type HoursText,
  type NavLink,
  type ServicePageContent,
  type ServiceTeaser,
  type SocialLink,
} from './page-content.ts';
export { brandStyle, useSiteSettings } from './site-settings.ts';
