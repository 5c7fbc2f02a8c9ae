// What the rest of the app may use of this feature.
export {
  type BranchView,
  type NavLink,
  type ServicePageContent,
  type ServiceTeaser,
  type SocialLink,
} from './page-content.ts';
export { useSiteSettings } from './site-settings.ts';
