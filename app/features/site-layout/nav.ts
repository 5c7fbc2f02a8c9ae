/**
 * The header's links after the Services menu: tyres by size (what most visitors of a tyre
 * business come for), then the home page's sections (absolute, so they work from every page).
 */
export const sectionLinks = [
  { label: 'Tyres', to: '/tyres' },
  { label: 'Branches', to: '/#branches' },
  { label: 'Areas', to: '/#areas' },
  { label: 'About', to: '/#about' },
  { label: 'Contact', to: '/#contact' },
] as const;

/** Online booking, after the section links in the header. */
export const bookLink = { label: 'Book online', to: '/book' } as const;

export const quickLinks = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/#about' },
  { label: 'Service Areas', to: '/#areas' },
  { label: 'Pricing', to: '/#pricing' },
  { label: 'Contact', to: '/#contact' },
] as const;

export const legalLinks = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
] as const;
