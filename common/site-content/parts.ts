// zod/mini: this module reaches the staff dashboard's bundle; the public pages only import types.
import * as z from 'zod/mini';
import { timePattern } from '#common/time/week.ts';
import { districtPattern, normaliseDistrict, postcodeMessage, postcodePattern } from './postcode.ts';

/** The limits and building blocks of the site content document (site-content.ts): its parts' schemas. */
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
export function text(max: number, emptyMessage?: string) {
  const checks: z.core.$ZodCheck<string>[] = [z.maxLength(max, `Must be ${max} characters or fewer`)];
  if (emptyMessage) checks.unshift(z.minLength(1, emptyMessage));
  return z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z.string().check(...checks),
  );
}

/** A list of at most `max` entries; with `atLeastOne`, the message when it is empty. */
export function list<Item extends z.ZodMiniType>(item: Item, max: number, noun: string, atLeastOne?: string) {
  const checks: z.core.$ZodCheck<unknown[]>[] = [z.maxLength(max, `At most ${max} ${noun}`)];
  if (atLeastOne) checks.unshift(z.minLength(1, atLeastOne));
  return z.array(item).check(...checks);
}

/** Digits for tel: links, optionally starting with +, as the site settings hold them. */
const telPattern = /^\+?[0-9]{6,15}$/;
/** A telephone number as people read it: digits, spaces, brackets, dashes and a leading +. */
const readablePhonePattern = /^\+?[0-9][0-9 ()-]{4,28}[0-9]$/;
/** A URL path segment of lower-case words joined by dashes. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const telNumber = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : '')),
  z
    .string()
    .check(z.regex(telPattern, 'Digits only, for example +441708123456 (6 to 15 digits, + allowed first)')),
);
export const readablePhone = text(L.formattedPhone, 'Enter the number as customers should read it').check(
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
export const coveredDistrictsSchema = z._default(
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

export const customerEmailsSchema = z._default(
  z.object({
    acknowledgementIntro: text(L.emailText, 'Enter the opening of the e-mail'),
    acknowledgementNextSteps: text(L.emailText, 'Enter what happens next'),
  }),
  () => ({ ...defaultCustomerEmails }),
);

const priceLineSchema = z.object({
  /**
   * Set on the prices that texts name (`{price:mot}` is the amount of the line whose key is
   * `mot`), so that a change of price reaches every page that states it.
   */
  key: z.optional(z.string().check(z.regex(slugPattern, 'Invalid key'), z.maxLength(L.slug))),
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

export const dayHoursSchema = z
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

export const branchSchema = z.object({
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

export const testimonialSchema = z.object({
  content: text(L.testimonial, 'Enter what the customer said'),
  author: text(L.author, 'Enter who said it'),
  location: text(L.location),
});

export const priceGroupSchema = z.object({
  title: text(L.groupTitle, 'Enter the group’s title'),
  /** The headline "From" price; empty for none. */
  from: text(L.price),
  items: list(priceLineSchema, L.priceLines, 'price lines', 'Add at least one price'),
});

export function uniqueBy<Item>(
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
