import {
  publishableSiteContentSchema,
  siteContentFieldErrors,
  weekdayNames,
  type SiteContent,
  type Weekday,
} from '#common/site-content/site-content.ts';
import { infoPageNames, type InfoPageKey } from '#common/site-content/info-pages.ts';
import { type FieldErrors, type Path } from '#app/components/editor/draft.ts';

type DraftCheck = { ok: true; content: SiteContent } | { ok: false; fieldErrors: FieldErrors };

/** The draft checked by the rules the API applies (common/site-content/site-content.ts). */
export function checkDraft(draft: SiteContent): DraftCheck {
  const result = publishableSiteContentSchema.safeParse(draft);
  return result.success
    ? { ok: true, content: result.data }
    : { ok: false, fieldErrors: siteContentFieldErrors(result.error) };
}

/** What the editor shows: the rules' findings once staff tried to publish, and the server's. */
export function shownErrors(checking: boolean, draftErrors: FieldErrors, serverErrors: FieldErrors) {
  if (!checking) return serverErrors;
  const merged: FieldErrors = { ...draftErrors };
  for (const [key, messages] of Object.entries(serverErrors)) {
    merged[key] = [...new Set([...(merged[key] ?? []), ...messages])];
  }
  return merged;
}

/** Labels of the fields, by their path with positions written as `#`. */
const labels: Record<string, string> = {
  'business.companyName': 'Company name',
  'business.phone': 'Phone number for dialling',
  'business.formattedPhone': 'Phone number as shown',
  'business.email': 'E-mail address',
  'business.priceRange': 'Price range',
  'business.socialLinks': 'Social links',
  'business.socialLinks.#.label': 'Name',
  'business.socialLinks.#.url': 'Address',
  services: 'Services',
  'services.#.title': 'Name',
  'services.#.slug': 'Page address',
  'services.#.key': 'Page address',
  'services.#.description': 'Short description',
  'services.#.longDescription': 'Long description',
  'services.#.longDescription.#': 'Paragraph',
  'services.#.benefits': 'Benefits',
  'services.#.benefits.#': 'Benefit',
  'services.#.pricing': 'Price list',
  'services.#.pricing.#.name': 'Description',
  'services.#.pricing.#.price': 'Price',
  'services.#.keywords': 'Search keywords',
  'services.#.keywords.#': 'Keyword',
  'services.#.visible': 'Show on the site',
  'services.#.inHeaderMenu': 'Show in the header’s Services menu',
  'homePricing.lead': 'Introduction',
  'homePricing.note': 'Note under the prices',
  'homePricing.groups': 'Price groups',
  'homePricing.groups.#.title': 'Group title',
  'homePricing.groups.#.from': '“From” price (optional)',
  'homePricing.groups.#.items': 'Prices',
  'homePricing.groups.#.items.#.name': 'Description',
  'homePricing.groups.#.items.#.price': 'Price',
  'infoPages.*.title': 'Heading',
  'infoPages.*.lead': 'Introduction',
  'infoPages.*.metaTitle': 'Title in search results',
  'infoPages.*.description': 'Description in search results',
  'infoPages.*.keywords': 'Search keywords',
  'infoPages.*.keywords.#': 'Keyword',
  'infoPages.*.sections': 'Sections',
  'infoPages.*.sections.#.heading': 'Section heading',
  'infoPages.*.sections.#.blocks': 'Paragraphs and lists',
  'infoPages.*.sections.#.blocks.#.text': 'Paragraph',
  'infoPages.*.sections.#.blocks.#.items': 'Points',
  'infoPages.*.sections.#.blocks.#.items.#': 'Point',
  'infoPages.*.faqs': 'Questions and answers',
  'infoPages.*.faqs.#.question': 'Question',
  'infoPages.*.faqs.#.answer': 'Answer',
  branches: 'Branches',
  'branches.#.key': 'Branch name',
  'branches.#.name': 'Branch name',
  'branches.#.phone': 'Phone number for dialling',
  'branches.#.formattedPhone': 'Phone number as shown',
  'branches.#.address.street': 'Street address',
  'branches.#.address.locality': 'Town',
  'branches.#.address.postcode': 'Postcode',
  'branches.#.sundayNote': 'Sunday note',
  'contactHours.weekdays': 'Monday to Friday',
  'contactHours.saturday': 'Saturday',
  'contactHours.sunday': 'Sunday',
  'areas.regions': 'Areas',
  'areas.regions.#': 'Area',
  'areas.coverageText': 'Coverage text',
  'areas.radiusMiles': 'Radius in miles (page text)',
  'areas.radiusKilometres': 'Radius in kilometres (search engines)',
  'areas.coveredDistricts': 'Postcode districts covered',
  testimonials: 'Testimonials',
  'testimonials.#.content': 'What the customer said',
  'testimonials.#.author': 'Name',
  'testimonials.#.location': 'Town (optional)',
  'customerEmails.acknowledgementIntro': 'Acknowledgement: opening',
  'customerEmails.acknowledgementNextSteps': 'Acknowledgement: what happens next',
};

/** Lists of single texts, whose entries are labelled with their number ("Benefit 2"). */
const numberedEntries =
  /^(services\.#\.(longDescription|benefits|keywords)|areas\.regions|infoPages\.\*\.(keywords|sections\.#\.blocks\.#\.items))\.#$/;

/** The label of the field at a path: "Price", "Benefit 2", "Saturday opens". */
export function fieldLabel(path: Path): string {
  const pattern = path
    .map((segment, index) =>
      typeof segment === 'number' ? '#' : index === 1 && path[0] === 'infoPages' ? '*' : segment,
    )
    .join('.');
  const hours = /^branches\.#\.hours\.(\w+)\.(closed|opens|closes)$/.exec(pattern);
  if (hours) {
    const day = weekdayNames[hours[1] as Weekday] ?? hours[1];
    return hours[2] === 'closed' ? `Closed on ${day}` : `${day} ${hours[2]}`;
  }
  const label = labels[pattern] ?? pattern;
  const last = path[path.length - 1];
  return numberedEntries.test(pattern) && typeof last === 'number' ? `${label} ${last + 1}` : label;
}

const nameOr = (name: unknown, fallback: string) =>
  typeof name === 'string' && name.trim() !== '' ? name.trim() : fallback;

/** Where a field is, for the list of fields that need attention: "Puncture Repair, price line 1". */
function fieldContext(content: SiteContent, path: Path): string {
  const [part, index, field, entry] = path;
  const n = typeof index === 'number' ? index + 1 : 0;
  switch (part) {
    case 'business':
      return index === 'socialLinks' && typeof field === 'number'
        ? `Business details, social link ${field + 1}`
        : 'Business details';
    case 'services': {
      if (typeof index !== 'number') return 'Services';
      const service = nameOr(content.services[index]?.title, `Service ${n}`);
      return field === 'pricing' && typeof entry === 'number'
        ? `${service}, price line ${entry + 1}`
        : service;
    }
    case 'homePricing': {
      if (index !== 'groups' || typeof field !== 'number') return 'Home page prices';
      const group = `Home page prices, ${nameOr(content.homePricing.groups[field]?.title, `group ${field + 1}`)}`;
      return entry === 'items' && typeof path[4] === 'number' ? `${group}, line ${path[4] + 1}` : group;
    }
    case 'infoPages': {
      const page = infoPageNames[index as InfoPageKey] ?? 'Page texts';
      const position = typeof entry === 'number' ? entry + 1 : 0;
      if (field === 'sections' && position) return `${page}, section ${position}`;
      return field === 'faqs' && position ? `${page}, question ${position}` : page;
    }
    case 'branches':
      return typeof index === 'number' ? nameOr(content.branches[index]?.name, `Branch ${n}`) : 'Branches';
    case 'contactHours':
      return 'Contact hours';
    case 'areas':
      return 'Areas covered';
    case 'testimonials':
      return typeof index === 'number' ? `Testimonial ${n}` : 'Testimonials';
    case 'customerEmails':
      return 'Customer e-mails';
    default:
      return 'Content';
  }
}

/** The field at a dotted key, in words: "Puncture Repair, price line 1: Price". */
export function fieldLocation(content: SiteContent, key: string): string {
  const path = key.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const context = fieldContext(content, path);
  const label = fieldLabel(path);
  return label === context ? label : `${context}: ${label}`;
}

/** Keys of errors in page order, so that the summary reads from top to bottom. */
export function errorKeysInOrder(errors: FieldErrors): string[] {
  const order = [
    'business',
    'services',
    'homePricing',
    'infoPages',
    'branches',
    'contactHours',
    'areas',
    'testimonials',
    'customerEmails',
  ];
  const rank = (key: string) => {
    const position = order.indexOf(key.split('.')[0]!);
    return position === -1 ? order.length : position;
  };
  return Object.keys(errors)
    .map((key, position) => ({ key, position }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.position - b.position)
    .map(({ key }) => key);
}
