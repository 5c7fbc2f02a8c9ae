// zod/mini, as site-content.ts: what imports this module at run time is the staff dashboard's.
import * as z from 'zod/mini';
import { infoPagesSchema } from './info-pages.ts';
import {
  branchSchema,
  coveredDistrictsSchema,
  customerEmailsSchema,
  list,
  priceGroupSchema,
  readablePhone,
  serviceContentSchema,
  telNumber,
  testimonialSchema,
  text,
  siteContentLimits as L,
} from './parts.ts';

/**
 * The site content document's fields, each with its own rules. site-content.ts adds the rules
 * that span fields (unique keys and addresses, texts naming facts the document has), which read
 * the document through facts.ts: the document's type is made here so that facts.ts can read it
 * without importing site-content.ts back.
 */
export const siteContentFields = z.object({
  business: z.object({
    companyName: text(L.companyName, 'Enter the company name'),
    phone: telNumber,
    formattedPhone: readablePhone,
    email: z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
      z
        .email('Enter a valid e-mail address, for example enquiries@yourcompany.co.uk')
        .check(z.maxLength(L.email, 'Enter a valid e-mail address')),
    ),
    /** For search engines' structured data, for example £20-£200. */
    priceRange: text(L.priceRange, 'Enter a price range, for example £20-£200'),
    socialLinks: list(
      z.object({
        label: text(L.socialLabel, 'Enter the link’s name, for example Facebook'),
        url: text(L.url, 'Enter the address of the page').check(
          z.regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, 'Enter a full address starting with https://'),
        ),
      }),
      L.socialLinks,
      'social links',
    ),
  }),
  services: list(serviceContentSchema, L.services, 'services', 'Add at least one service'),
  homePricing: z.object({
    lead: text(L.lead),
    groups: list(priceGroupSchema, L.priceGroups, 'price groups'),
    note: text(L.note),
  }),
  branches: list(branchSchema, L.branches, 'branches', 'Add at least one branch'),
  contactHours: z.object({
    weekdays: text(L.contactHoursLine, 'Enter the weekday hours'),
    saturday: text(L.contactHoursLine, 'Enter Saturday’s hours'),
    sunday: text(L.contactHoursLine, 'Enter Sunday’s hours'),
  }),
  areas: z.object({
    /** The first is where the business is based. */
    regions: list(
      text(L.region, 'Remove the empty area or write it'),
      L.regions,
      'areas',
      'Add at least one area',
    ),
    coverageText: text(L.coverageText, 'Enter the coverage text'),
    /**
     * Postcode districts (RM3) and whole areas (SS) where the business works: the enquiry form
     * tells customers whether they are inside; an empty list checks nothing.
     */
    coveredDistricts: coveredDistrictsSchema,
    radiusMiles: z
      .number('Enter a whole number of miles')
      .check(
        z.int('Enter a whole number of miles'),
        z.minimum(1, 'At least 1 mile'),
        z.maximum(200, 'At most 200 miles'),
      ),
    radiusKilometres: z
      .number('Enter a whole number of kilometres')
      .check(
        z.int('Enter a whole number of kilometres'),
        z.minimum(1, 'At least 1 km'),
        z.maximum(320, 'At most 320 km'),
      ),
  }),
  testimonials: list(testimonialSchema, L.testimonials, 'testimonials'),
  /** The texts of the MOT, servicing, about and contact pages (info-pages.ts). */
  infoPages: infoPagesSchema,
  /** The e-mails customers receive: the words around the details of what they sent. */
  customerEmails: customerEmailsSchema,
});

export type SiteContent = z.output<typeof siteContentFields>;
export type SiteContentInput = z.input<typeof siteContentFields>;
