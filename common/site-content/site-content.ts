// zod/mini: this module reaches the staff dashboard's bundle; the public pages only import types.
import * as z from 'zod/mini';
import { branchServiceTitles, isBranchService } from '#common/bookings/branch-services.ts';
import { keyedPriceLines, unknownFacts } from './facts.ts';
import { infoPagesSchema } from './info-pages.ts';
import type { PublicContent } from './public-content.ts';
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
  uniqueBy,
} from './parts.ts';

/**
 * The business's own content, edited by staff in the dashboard and published as one document
 * with a version number (docs/features.md, Site content). The public pages, the structured
 * data, the sitemap and the e-mails read the published document; the seed of a new database is
 * today’s content (seed.ts). These rules are the only ones: the editor and
 * PUT /api/site-content both use `siteContentSchema`.
 */

export { weekdayNames, weekdays, type Weekday } from '#common/time/week.ts';

export { timePattern } from '#common/time/week.ts';
export {
  type DayHours,
  defaultCoveredDistricts,
  defaultCustomerEmails,
  serviceContentSchema,
  siteContentLimits,
  slugPattern,
  telPattern,
} from './parts.ts';

export const siteContentSchema = z
  .object({
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
  })
  .check(
    z.superRefine((content, context) => {
      uniqueBy(
        content.services,
        (service) => service.slug,
        context,
        (index) => ['services', index, 'slug'],
        'Another service already uses this address',
      );
      uniqueBy(
        content.services,
        (service) => service.key,
        context,
        (index) => ['services', index, 'key'],
        'Duplicate key',
      );
      uniqueBy(
        content.branches,
        (branch) => branch.key,
        context,
        (index) => ['branches', index, 'key'],
        'Duplicate key',
      );
      const keyedLines = keyedPriceLines(content);
      uniqueBy(
        keyedLines,
        ({ line }) => line.key!,
        context,
        (index) => [...keyedLines[index]!.path, 'key'],
        'Another price already has this name',
      );
      uniqueBy(
        content.areas.regions,
        (region) => region,
        context,
        (index) => ['areas', 'regions', index],
        'This area is already listed',
      );
      if (!content.services.some((service) => service.visible)) {
        context.issues.push({
          code: 'custom',
          input: content.services,
          path: ['services'],
          message: 'At least one service must be shown on the site',
        });
      }
    }),
  );

/**
 * What staff may publish: the document, whose texts name only facts it has (a `{price:mot}`
 * whose price line was removed would show its braces on the page). Stored versions are read with
 * `siteContentSchema` alone, so that nothing already published can stop the site.
 */
export const publishableSiteContentSchema = siteContentSchema.check(
  z.superRefine((content, context) => {
    for (const { path, message } of unknownFacts(content)) {
      context.issues.push({ code: 'custom', input: content, path, message });
    }
    // A booking's service is a service's address or a branch's MOT testing or servicing
    // (common/bookings/branch-services.ts): a service of the site by those names could never be
    // booked.
    content.services.forEach((service, index) => {
      if (isBranchService(service.slug)) {
        context.issues.push({
          code: 'custom',
          input: service.slug,
          path: ['services', index, 'slug'],
          message: `Online booking uses this address for ${branchServiceTitles[service.slug]}: choose another`,
        });
      }
    });
  }),
);

export type SiteContent = z.output<typeof siteContentSchema>;
export type SiteContentInput = z.input<typeof siteContentSchema>;
export type ServiceContent = SiteContent['services'][number];
export type BranchContent = SiteContent['branches'][number];
export type PriceLine = ServiceContent['pricing'][number];
export type PriceGroup = SiteContent['homePricing']['groups'][number];
export type Testimonial = SiteContent['testimonials'][number];

/** Failures keyed by the dotted path of the field (`services.1.pricing.0.price`). */
export function siteContentFieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'content';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** The published document as GET /api/site-content answers signed-in staff. */
export type PublishedSiteContent = {
  version: number;
  content: SiteContent;
  publishedAt: string;
  /** Username of whoever published it; null for the first version, made from the seed. */
  publishedBy: string | null;
};

/**
 * The published document as GET /api/site-content answers anyone else: what the public pages
 * show of it (public-content.ts), and no staff name.
 */
export type PublicSiteContent = Omit<PublishedSiteContent, 'publishedBy' | 'content'> & {
  content: PublicContent;
};

/** PUT /api/site-content's body. */
export type SiteContentUpdate = { version: number; content: SiteContentInput };

/** One entry of GET /api/site-content/revisions. */
export type SiteContentRevision = {
  id: number;
  version: number;
  author: string | null;
  createdAt: string;
  summary: string;
};

/** The 409 answer of PUT /api/site-content: someone else published first. */
export type SiteContentConflict = { error: string; current: PublishedSiteContent };

export const siteContentConflictMessage =
  'Someone else published changes while you were editing. Nothing was overwritten: compare both versions, then publish again.';
