import type { SiteSettings } from './site-settings.ts';
import { seedBranches } from './branches-seed.ts';
import { seedHomePricing } from './home-pricing-seed.ts';
import { seedInfoPages } from './info-pages-seed.ts';
import { seedServices } from './services-seed.ts';
import { defaultCoveredDistricts, defaultCustomerEmails, type SiteContent } from './site-content.ts';

/**
 * The first published version of a new database: the site’s original content with the business details of the SITE_* settings, which seed it and nothing more.
 * Staff change everything here from the dashboard afterwards. Long texts may contain the tokens
 * {companyName}, {phone}, {formattedPhone} and {email}, filled in with the business details when
 * a page renders.
 */
export function seedSiteContent(
  site: Pick<SiteSettings, 'companyName' | 'phone' | 'formattedPhone' | 'email' | 'serviceRegions'>,
): SiteContent {
  const [base = ''] = site.serviceRegions;
  return {
    business: {
      companyName: site.companyName,
      phone: site.phone,
      formattedPhone: site.formattedPhone,
      email: site.email,
      priceRange: '£20-£200',
      // Placeholders until the business gives its own profiles (shown in the footer).
      socialLinks: [
        {
          label: 'Facebook',
          url: 'https://www.facebook.com/',
        },
        {
          label: 'Instagram',
          url: 'https://www.instagram.com/',
        },
        {
          label: 'X',
          url: 'https://x.com/',
        },
      ],
    },
    services: seedServices(),
    homePricing: seedHomePricing(),
    branches: seedBranches(),
    contactHours: {
      weekdays: 'Monday - Friday: 8am - 6pm',
      saturday: 'Saturday: 8am - 4pm',
      sunday: 'Sunday: Emergency callouts only',
    },
    areas: {
      regions: [...site.serviceRegions],
      coverageText: `We cover everywhere within a 30-mile radius of ${base}, including:`,
      // Two readings of the radius, both kept as given: 30 miles in the page text, 50 km in the
      // structured data.
      radiusMiles: 30,
      radiusKilometres: 50,
      coveredDistricts: [...defaultCoveredDistricts],
    },
    testimonials: [
      {
        content:
          'Picked up a nail on the A127 on the way to work. They were with me in under an hour, repaired the tyre properly and I was only twenty minutes late. Brilliant service.',
        author: 'Daniel R.',
        location: 'Brentwood',
      },
      {
        content:
          'Four new tyres fitted on my driveway while I worked from home. Fair price, no upselling, and the technician talked me through the tread and pressures afterwards.',
        author: 'Michelle T.',
        location: 'Upminster',
      },
      {
        content:
          'We run six vans and they look after the lot, on site and out of hours. One call and it is sorted, which keeps our jobs on schedule.',
        author: 'Gary P., fleet manager',
        location: 'Basildon',
      },
    ],
    infoPages: seedInfoPages(),
    customerEmails: { ...defaultCustomerEmails },
  };
}
