import { services } from '#common/services.ts';

/** Header links to the home page's sections; absolute so they work from every page. */
export const sectionLinks = [
  { label: 'Branches', to: '/#branches' },
  { label: 'Areas', to: '/#areas' },
  { label: 'About', to: '/#about' },
  { label: 'Contact', to: '/#contact' },
] as const;

/** The header's Services menu: the four mobile tyre services (spec section 2, header). */
export const headerServiceLinks = services
  .filter((service) => service.slug !== 'commercial-tyres')
  .map((service) => ({ label: service.title, to: `/services/${service.slug}` }));

/** The footer's Services column: all five. */
export const footerServiceLinks = services.map((service) => ({
  label: service.title,
  to: `/services/${service.slug}`,
}));

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

/** Social profiles: placeholders until the business gives its own (spec section 2, footer). */
export const socialLinks = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
] as const;
