// zod/mini: this module reaches the staff dashboard's bundle; the public pages only import types.
import * as z from 'zod/mini';
import { branchServiceTitles, isBranchService } from '#common/bookings/branch-services.ts';
import { keyedPriceLines, unknownFacts } from './facts.ts';
import type { PublicContent } from './public-content.ts';
import { siteContentFields, type SiteContent, type SiteContentInput } from './document.ts';
import { uniqueBy } from './parts.ts';

/**
 * The business's own content, edited by staff in the dashboard and published as one document
 * with a version number (docs/features.md, Site content). The public pages, the structured
 * data, the sitemap and the e-mails read the published document; the seed of a new database is
 * today’s content (seed.ts). These rules are the only ones: the editor and
 * PUT /api/site-content both use `siteContentSchema`.
 */

export { weekdayNames, weekdays, type Weekday } from '#common/time/week.ts';

export {
  type DayHours,
  defaultCoveredDistricts,
  defaultCustomerEmails,
  siteContentLimits,
  slugPattern,
} from './parts.ts';

export const siteContentSchema = siteContentFields.check(
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

export type { SiteContent, SiteContentInput };
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
