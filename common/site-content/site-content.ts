// zod/mini: this module reaches the staff dashboard's bundle; the public pages only import types.
import * as z from 'zod/mini';
import { bookingSettingsSchema, mobileLocation } from '#common/bookings/settings.ts';
import { timePattern } from '#common/time/week.ts';
import { districtPattern, normaliseDistrict, postcodeMessage, postcodePattern } from './postcode.ts';

/**
 * The business's own content, edited by staff in the dashboard and published as one document
 * with a version number (docs/features.md, Site content). The public pages, the structured
 * data, the sitemap and the e-mails read the published document; the seed of a new database is
 * today's content (site-content-seed.ts). These rules are the only ones: the editor and
 * PUT /api/site-content both use `siteContentSchema`.
 */

export { weekdayNames, weekdays, type Weekday } from '#common/time/week.ts';

/** Longest accepted text of each kind, and the most entries of each list. */
export const siteContentLimits = {
  companyName: 80,
  formattedPhone: 30,
  email: 254,
  priceRange: 40,
  socialLinks: 6,
  socialLabel: 30,
  url: 300,
  services: 20,
  slug: 60,
  serviceTitle: 60,
  serviceDescription: 220,
  paragraphs: 6,
  paragraph: 1500,
  benefits: 10,
  benefit: 150,
  priceLines: 20,
  priceName: 80,
  price: 30,
  keywords: 12,
  keyword: 60,
  priceGroups: 6,
  groupTitle: 60,
  lead: 240,
  note: 300,
  branches: 6,
  branchName: 60,
  addressLine: 100,
  sundayNote: 100,
  contactHoursLine: 80,
  regions: 20,
  region: 60,
  coveredDistricts: 400,
  emailText: 1000,
  coverageText: 300,
  testimonials: 12,
  testimonial: 600,
  author: 60,
  location: 60,
} as const;

const L = siteContentLimits;

/** Trimmed text between `min` and `max` characters, with the message for each end. */
function text(max: number, emptyMessage?: string) {
  const checks: z.core.$ZodCheck<string>[] = [z.maxLength(max, `Must be ${max} characters or fewer`)];
  if (emptyMessage) checks.unshift(z.minLength(1, emptyMessage));
  return z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z.string().check(...checks),
  );
}

/** A list of at most `max` entries; with `atLeastOne`, the message when it is empty. */
function list<Item extends z.ZodMiniType>(item: Item, max: number, noun: string, atLeastOne?: string) {
  const checks: z.core.$ZodCheck<unknown[]>[] = [z.maxLength(max, `At most ${max} ${noun}`)];
  if (atLeastOne) checks.unshift(z.minLength(1, atLeastOne));
  return z.array(item).check(...checks);
}

/** Digits for tel: links, optionally starting with +, as the site settings hold them. */
export const telPattern = /^\+?[0-9]{6,15}$/;
/** A telephone number as people read it: digits, spaces, brackets, dashes and a leading +. */
const readablePhonePattern = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;
export { timePattern } from '#common/time/week.ts';
/** A URL path segment of lower-case words joined by dashes. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const telNumber = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : '')),
  z
    .string()
    .check(z.regex(telPattern, 'Digits only, for example +441708123456 (6 to 15 digits, + allowed first)')),
);
const readablePhone = text(L.formattedPhone, 'Enter the number as customers should read it').check(
  z.regex(readablePhonePattern, 'Use digits, spaces and brackets, for example 01708 123456'),
);

/**
 * The postcode districts covered before the business lists its own (a new site, or content
 * published before the list existed): South Essex and East London around the branches.
 */
export const defaultCoveredDistricts: readonly string[] = [
  ...['CM1', 'CM2', 'CM3', 'CM4', 'CM11', 'CM12', 'CM13', 'CM14', 'CM15'],
  ...['RM1', 'RM2', 'RM3', 'RM4', 'RM5', 'RM6', 'RM7', 'RM8', 'RM9', 'RM10', 'RM11', 'RM12', 'RM13', 'RM14'],
  ...['RM15', 'RM16', 'RM17', 'RM18', 'RM19', 'RM20'],
  ...['SS0', 'SS1', 'SS2', 'SS3', 'SS4', 'SS5', 'SS6', 'SS7', 'SS8', 'SS9', 'SS11', 'SS12', 'SS13', 'SS14'],
  ...['SS15', 'SS16', 'SS17'],
  ...['IG1', 'IG2', 'IG3', 'IG6', 'IG11'],
];

/**
 * The covered districts as staff type them (any case, spaces), tidied and without repeats; an
 * entry that is not a district or an area is named in the message.
 */
const coveredDistrictsSchema = z._default(
  z.pipe(
    z.transform((value: unknown) =>
      Array.isArray(value)
        ? [
            ...new Set(
              value
                .filter((entry): entry is string => typeof entry === 'string')
                .map(normaliseDistrict)
                .filter(Boolean),
            ),
          ]
        : [],
    ),
    z.array(z.string()).check(
      z.maxLength(L.coveredDistricts, `At most ${L.coveredDistricts} districts`),
      z.superRefine((districts, context) => {
        const wrong = districts.filter((district) => !districtPattern.test(district));
        if (wrong.length === 0) return;
        context.issues.push({
          code: 'custom',
          input: districts,
          message: `Not a postcode district: ${wrong.slice(0, 5).join(', ')}${wrong.length > 5 ? ' and others' : ''}. Write districts such as RM3 or CM12, or a whole area such as SS.`,
        });
      }),
    ),
  ),
  () => [...defaultCoveredDistricts],
);

/**
 * The words of the acknowledgement customers receive for an enquiry, before staff write their
 * own (a new site, or content published before they were editable).
 */
export const defaultCustomerEmails = {
  acknowledgementIntro:
    'Thank you for contacting {companyName}. We have received your enquiry and will get back to you within 24 hours.',
  acknowledgementNextSteps:
    'What happens next: one of our team will call or e-mail you to confirm the details, the price and a time that suits you. If it is urgent, please call us on {formattedPhone} and quote your reference.',
} as const;

const customerEmailsSchema = z._default(
  z.object({
    acknowledgementIntro: text(L.emailText, 'Enter the opening of the e-mail'),
    acknowledgementNextSteps: text(L.emailText, 'Enter what happens next'),
  }),
  () => ({ ...defaultCustomerEmails }),
);

const priceLineSchema = z.object({
  name: text(L.priceName, 'Enter what the price is for'),
  price: text(L.price, 'Enter a price, for example £25 or From £45'),
});

const slugSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '')),
  z
    .string()
    .check(
      z.minLength(2, 'Enter an address of at least 2 characters'),
      z.maxLength(L.slug, `Must be ${L.slug} characters or fewer`),
      z.regex(slugPattern, 'Use lower-case letters, digits and single dashes, for example puncture-repair'),
    ),
);

export const serviceContentSchema = z.object({
  /** Never changes once the service exists: names its picture slot and follows renames. */
  key: z.string().check(z.regex(slugPattern, 'Invalid key'), z.maxLength(L.slug)),
  /** Its page is /services/{slug}. */
  slug: slugSchema,
  /** Addresses it had before, answered with a permanent redirect (kept by the server). */
  formerSlugs: z._default(z.array(z.string().check(z.regex(slugPattern), z.maxLength(L.slug))), []),
  title: text(L.serviceTitle, 'Enter the service’s name'),
  /** The card's text, the service page's lead and its meta description. */
  description: text(L.serviceDescription, 'Enter a short description'),
  longDescription: list(
    text(L.paragraph, 'Remove the empty paragraph or write it'),
    L.paragraphs,
    'paragraphs',
    'Write at least one paragraph',
  ),
  benefits: list(text(L.benefit, 'Remove the empty benefit or write it'), L.benefits, 'benefits'),
  pricing: list(priceLineSchema, L.priceLines, 'price lines'),
  keywords: list(text(L.keyword, 'Remove the empty keyword or write it'), L.keywords, 'keywords'),
  /** Hidden services have no page, card, menu entry or sitemap entry. */
  visible: z.boolean(),
  /** Listed in the header's Services menu (the footer lists every visible service). */
  inHeaderMenu: z.boolean(),
});

const dayHoursSchema = z
  .object({
    closed: z.boolean(),
    opens: z.string(),
    closes: z.string(),
  })
  .check(
    z.superRefine((day, context) => {
      if (day.closed) return;
      for (const field of ['opens', 'closes'] as const) {
        if (!timePattern.test(day[field])) {
          context.issues.push({
            code: 'custom',
            input: day[field],
            path: [field],
            message: 'Enter a time as HH:MM, for example 08:30',
          });
        }
      }
      if (timePattern.test(day.opens) && timePattern.test(day.closes) && day.opens >= day.closes) {
        context.issues.push({
          code: 'custom',
          input: day.closes,
          path: ['closes'],
          message: 'Closing time must be after opening time',
        });
      }
    }),
  );
export type DayHours = z.output<typeof dayHoursSchema>;

const branchSchema = z.object({
  key: z.string().check(z.regex(slugPattern, 'Invalid key'), z.maxLength(L.slug)),
  name: text(L.branchName, 'Enter the branch’s name'),
  phone: telNumber,
  formattedPhone: readablePhone,
  address: z.object({
    street: text(L.addressLine, 'Enter the street address'),
    locality: text(L.addressLine, 'Enter the town'),
    postcode: z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '')),
      z.string().check(z.regex(postcodePattern, postcodeMessage)),
    ),
  }),
  hours: z.object({
    monday: dayHoursSchema,
    tuesday: dayHoursSchema,
    wednesday: dayHoursSchema,
    thursday: dayHoursSchema,
    friday: dayHoursSchema,
    saturday: dayHoursSchema,
    sunday: dayHoursSchema,
  }),
  /** Shown beside Sunday's hours (for example "Emergency call-outs only"). */
  sundayNote: text(L.sundayNote),
});

const testimonialSchema = z.object({
  content: text(L.testimonial, 'Enter what the customer said'),
  author: text(L.author, 'Enter who said it'),
  location: text(L.location),
});

const priceGroupSchema = z.object({
  title: text(L.groupTitle, 'Enter the group’s title'),
  /** The headline "From" price; empty for none. */
  from: text(L.price),
  items: list(priceLineSchema, L.priceLines, 'price lines', 'Add at least one price'),
});

function uniqueBy<Item>(
  items: readonly Item[],
  value: (item: Item) => string,
  context: { issues: z.core.$ZodRawIssue[] },
  path: (index: number) => PropertyKey[],
  message: string,
) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = value(item).toLowerCase();
    if (seen.has(key)) context.issues.push({ code: 'custom', input: key, path: path(index), message });
    seen.add(key);
  });
}

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
    /** The e-mails customers receive: the words around the details of what they sent. */
    customerEmails: customerEmailsSchema,
    /**
     * When customers may book online (common/bookings/settings.ts); absent until staff first
     * publish their own, and until then booking follows the branches' opening hours.
     */
    booking: z.optional(bookingSettingsSchema),
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
      uniqueBy(
        content.areas.regions,
        (region) => region,
        context,
        (index) => ['areas', 'regions', index],
        'This area is already listed',
      );
      if (content.booking) {
        uniqueBy(
          content.booking.locations,
          (location) => location.key,
          context,
          (index) => ['booking', 'locations', index, 'key'],
          'This place already has its own times',
        );
        const keys = new Set([mobileLocation, ...content.branches.map((branch) => branch.key)]);
        content.booking.locations.forEach((location, index) => {
          if (!keys.has(location.key)) {
            context.issues.push({
              code: 'custom',
              input: location.key,
              path: ['booking', 'locations', index, 'key'],
              message: 'No such branch',
            });
          }
        });
      }
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

/** The published document as GET /api/site-content answers anyone else: no staff name. */
export type PublicSiteContent = Omit<PublishedSiteContent, 'publishedBy'>;

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
