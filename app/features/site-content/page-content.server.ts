import { hoursRows, hoursSentence, openingHoursSpecification } from '#common/site-content/opening-hours.ts';
import { servicePictureName } from '#common/site-content/services.ts';
import type { PublicContent } from '#common/site-content/public-content.ts';
import type { BranchContent, ServiceContent } from '#common/site-content/site-content.ts';
import type { SiteSettings } from '#common/site-content/site-settings.ts';
import type {
  BranchView,
  HoursText,
  ServiceOffer,
  ServicePageContent,
  ServiceTeaser,
  SiteNav,
} from './page-content.ts';
import { fillTokensIn } from '#common/site-content/tokens.ts';

/**
 * What each public page shows of the published site content (the loaders' `context.content`),
 * with the business details of `site` filled into its texts. Server only: the pages receive these
 * small parts, never the whole document (nor the schema's code).
 */

/** How many other services a service page suggests. */
const otherServicesCount = 3;

function visibleServices(content: PublicContent): ServiceContent[] {
  return content.services.filter((service) => service.visible);
}

function teaser(service: ServiceContent): ServiceTeaser {
  return {
    slug: service.slug,
    title: service.title,
    description: service.description,
    picture: servicePictureName(service.key),
  };
}

/** The header's and footer's links. */
export function siteNav(content: PublicContent, site: SiteSettings): SiteNav {
  const services = visibleServices(content);
  const link = (service: ServiceContent) => ({ label: service.title, to: `/services/${service.slug}` });
  return fillTokensIn(
    {
      headerServices: services.filter((service) => service.inHeaderMenu).map(link),
      footerServices: services.map(link),
      socialLinks: content.business.socialLinks.map(({ label, url }) => ({ label, href: url })),
    },
    site,
  );
}

function branchView(branch: BranchContent): BranchView {
  return {
    key: branch.key,
    name: branch.name,
    phone: branch.phone,
    formattedPhone: branch.formattedPhone,
    address: branch.address,
    hours: hoursRows(branch),
    openingHours: openingHoursSpecification(branch.hours),
  };
}

/** The home page's sections, and what its structured data says beyond the site settings. */
export function homeContent(content: PublicContent, site: SiteSettings) {
  const { homePricing, areas, contactHours } = content;
  return fillTokensIn(
    {
      services: visibleServices(content).map((service): ServiceOffer => ({
        ...teaser(service),
        pricing: service.pricing,
      })),
      pricing: homePricing,
      branches: content.branches.map(branchView),
      areas: {
        coverageText: areas.coverageText,
        radiusMiles: areas.radiusMiles,
        radiusKilometres: areas.radiusKilometres,
      },
      testimonials: content.testimonials,
      contactHours: [contactHours.weekdays, contactHours.saturday, contactHours.sunday],
      coveredDistricts: areas.coveredDistricts,
      priceRange: content.business.priceRange,
    },
    site,
  );
}

/** What the address /services/{slug} answers. */
type ServicePageLookup =
  | { outcome: 'found'; service: ServicePageContent; others: ServiceTeaser[] }
  /** A former address of a visible service: it now lives at /services/{slug}. */
  | { outcome: 'moved'; slug: string }
  /** No visible service has or had this address. */
  | { outcome: 'missing' };

/**
 * The service at `slug` (any case) and up to three others that follow it, wrapping round to the
 * first. Hidden services have no page; a service's former addresses lead to its current one.
 */
export function servicePage(content: PublicContent, slug: string, site: SiteSettings): ServicePageLookup {
  const wanted = slug.toLowerCase();
  const services = visibleServices(content);
  const index = services.findIndex((service) => service.slug === wanted);
  const service = services[index];
  if (!service) {
    const moved = services.find((entry) => entry.formerSlugs.includes(wanted));
    return moved ? { outcome: 'moved', slug: moved.slug } : { outcome: 'missing' };
  }
  const othersCount = Math.min(otherServicesCount, services.length - 1);
  const others = Array.from(
    { length: othersCount },
    (_, offset) => services[(index + offset + 1) % services.length]!,
  );
  const { longDescription, benefits, pricing, keywords } = service;
  return fillTokensIn<ServicePageLookup>(
    {
      outcome: 'found',
      service: { ...teaser(service), longDescription, benefits, pricing, keywords },
      others: others.map(teaser),
    },
    site,
  );
}

/** The opening hours that the information and legal pages print. */
export function hoursText(content: PublicContent, site: SiteSettings): HoursText {
  const { weekdays, saturday, sunday } = content.contactHours;
  return fillTokensIn(
    {
      branches: content.branches.map((branch) => ({ name: branch.name, week: hoursSentence(branch) })),
      contact: [weekdays, saturday, sunday],
    },
    site,
  );
}

/** The addresses of the visible services, for the sitemap. */
export function servicePaths(content: PublicContent): string[] {
  return visibleServices(content).map((service) => `/services/${service.slug}`);
}
