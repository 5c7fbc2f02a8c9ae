import type { FallbackImageName } from '#common/images/images.ts';
import type { HoursRow, OpeningHoursSpecification } from '#common/site-content/opening-hours.ts';
import type { BranchContent, PriceLine, ServiceContent } from '#common/site-content/site-content.ts';

/**
 * The parts of the published site content that the public pages show, as their loaders hand them
 * over (shaped in page-content.server.ts, tokens filled in). Each page gets only what it shows:
 * the content document itself never travels to the browser.
 */

export type NavLink = { label: string; to: string };
export type SocialLink = { label: string; href: string };

/** What the header and footer show of the content (the site layout's loader). */
export type SiteNav = {
  /** Visible services listed in the header's Services menu. */
  headerServices: NavLink[];
  /** Every visible service, for the footer's Services column. */
  footerServices: NavLink[];
  socialLinks: SocialLink[];
};

/** A service as a card or a suggestion shows it. */
export type ServiceTeaser = {
  slug: string;
  title: string;
  description: string;
  /** The picture slot (or shipped picture) the service shows. */
  picture: FallbackImageName;
};

/** A service's own page. */
export type ServicePageContent = ServiceTeaser &
  Pick<ServiceContent, 'longDescription' | 'benefits' | 'pricing' | 'keywords'>;

/** A visible service on the home page: its card, and its prices for the structured data. */
export type ServiceOffer = ServiceTeaser & { pricing: PriceLine[] };

/** A branch as the home page shows it, with its hours for people and for search engines. */
export type BranchView = Pick<BranchContent, 'key' | 'name' | 'phone' | 'formattedPhone' | 'address'> & {
  hours: HoursRow[];
  openingHours: OpeningHoursSpecification[];
};

/** Opening hours as the information and legal pages print them (content blocks). */
export type HoursText = {
  /** One line per branch: its name and its week in one sentence. */
  branches: { name: string; week: string }[];
  /** The general contact hours, one line each. */
  contact: string[];
};
