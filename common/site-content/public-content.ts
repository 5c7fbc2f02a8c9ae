import type { SiteContent } from './document.ts';

/**
 * What of the site content the public pages show, and so all that anyone may read of it without
 * signing in. The document also holds what staff alone see: the booking settings (places per
 * window, closed dates with their notes), the tyre price rules (margins and floors, from which
 * cost prices follow), the reminders' settings (the review link), the invoicing details, the
 * customer e-mails' words and hidden services. The parts are picked, not left out, so that a
 * setting added to the document later stays private until it is added here.
 */
export type PublicContent = Pick<
  SiteContent,
  | 'business'
  | 'services'
  | 'homePricing'
  | 'branches'
  | 'contactHours'
  | 'areas'
  | 'testimonials'
  | 'infoPages'
>;

/** The public part of a published document: its visible services and what the pages print. */
export function publicContent(content: SiteContent): PublicContent {
  const { business, services, homePricing, branches, contactHours, areas, testimonials, infoPages } = content;
  return {
    business,
    services: services.filter((service) => service.visible),
    homePricing,
    branches,
    contactHours,
    areas,
    testimonials,
    infoPages,
  };
}
