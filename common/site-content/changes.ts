import { infoPageNames, type InfoPage, type InfoPageKey, type InfoPages } from './info-pages.ts';
import { dayHoursText } from './opening-hours.ts';
import { fieldChanges } from '#common/util/field-changes.ts';
import {
  weekdayNames,
  weekdays,
  type BranchContent,
  type PriceLine,
  type ServiceContent,
  type SiteContent,
} from './site-content.ts';
import { plural } from '#common/util/words.ts';

/**
 * What changed between two versions of the site content, in words a member of staff reads at a
 * glance: "Puncture Repair: Standard puncture repair £25 → £30". The dashboard lists them before
 * publishing and in a conflict; each revision keeps a one-line summary of them.
 */
export function describeChanges(before: SiteContent, after: SiteContent): string[] {
  return [
    ...businessChanges(before.business, after.business),
    ...serviceChanges(before.services, after.services),
    ...homePricingChanges(before.homePricing, after.homePricing),
    ...infoPageChanges(before.infoPages, after.infoPages),
    ...branchChanges(before.branches, after.branches),
    ...fieldChanges('Contact hours', before.contactHours, after.contactHours, {
      weekdays: 'weekdays',
      saturday: 'Saturday',
      sunday: 'Sunday',
    }),
    ...areaChanges(before.areas, after.areas),
    ...fieldChanges('Customer e-mails', before.customerEmails, after.customerEmails, {
      acknowledgementIntro: 'acknowledgement opening',
      acknowledgementNextSteps: 'acknowledgement next steps',
    }),
    ...listChanges(
      'Testimonials',
      before.testimonials.map((entry) => `${entry.author}: ${entry.content}`),
      after.testimonials.map((entry) => `${entry.author}: ${entry.content}`),
    ),
  ];
}

/** The changes in one line, for the revision history. */
export function summariseChanges(changes: readonly string[]): string {
  if (changes.length === 0) return 'No changes';
  const [first, ...rest] = changes;
  return rest.length === 0 ? first! : `${first}; and ${plural(rest.length, 'more change')}`;
}

function businessChanges(before: SiteContent['business'], after: SiteContent['business']): string[] {
  return fieldChanges('Business details', before, after, {
    companyName: 'company name',
    phone: 'phone (for dialling)',
    formattedPhone: 'phone',
    email: 'e-mail',
    priceRange: 'price range',
    socialLinks: 'social links',
  });
}

function priceLineChanges(
  prefix: string,
  before: readonly PriceLine[],
  after: readonly PriceLine[],
): string[] {
  const changes: string[] = [];
  const afterNames = new Set(after.map((line) => line.name));
  for (const line of before) {
    if (!afterNames.has(line.name)) changes.push(`${prefix}: removed price “${line.name}”`);
  }
  for (const line of after) {
    const was = before.find((entry) => entry.name === line.name);
    if (!was) changes.push(`${prefix}: added price “${line.name}” ${line.price}`);
    else if (was.price !== line.price) changes.push(`${prefix}: ${line.name} ${was.price} → ${line.price}`);
  }
  const order = (lines: readonly PriceLine[]) =>
    lines.filter((line) => afterNames.has(line.name) && before.some((entry) => entry.name === line.name));
  if (
    changes.length === 0 &&
    JSON.stringify(order(before).map((l) => l.name)) !== JSON.stringify(order(after).map((l) => l.name))
  ) {
    changes.push(`${prefix}: prices reordered`);
  }
  return changes;
}

function listChanges(prefix: string, before: readonly string[], after: readonly string[]): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const added = after.filter((entry) => !before.includes(entry)).length;
  const removed = before.filter((entry) => !after.includes(entry)).length;
  const parts = [
    added > 0 && `${added} added`,
    removed > 0 && `${removed} removed`,
    added === 0 && removed === 0 && 'reordered',
  ].filter(Boolean);
  if (added > 0 && added === removed) return [`${prefix}: ${added === 1 ? 'one' : added} edited`];
  return [`${prefix}: ${parts.join(', ')}`];
}

function serviceChanges(before: readonly ServiceContent[], after: readonly ServiceContent[]): string[] {
  const changes: string[] = [];
  for (const service of before) {
    if (!after.some((entry) => entry.key === service.key)) changes.push(`Removed service ${service.title}`);
  }
  for (const service of after) {
    const was = before.find((entry) => entry.key === service.key);
    if (!was) {
      changes.push(`Added service ${service.title} (/services/${service.slug})`);
      continue;
    }
    const name = service.title;
    if (was.visible !== service.visible)
      changes.push(`${name}: ${service.visible ? 'shown' : 'hidden'} on the site`);
    if (was.inHeaderMenu !== service.inHeaderMenu) {
      changes.push(`${name}: ${service.inHeaderMenu ? 'added to' : 'removed from'} the header menu`);
    }
    if (was.slug !== service.slug)
      changes.push(`${name}: address /services/${was.slug} → /services/${service.slug}`);
    changes.push(
      ...fieldChanges(name, was, service, { title: 'name', description: 'short description' }),
      ...(JSON.stringify(was.longDescription) !== JSON.stringify(service.longDescription)
        ? [`${name}: long description changed`]
        : []),
      ...listChanges(`${name}: benefits`, was.benefits, service.benefits),
      ...priceLineChanges(name, was.pricing, service.pricing),
      ...listChanges(`${name}: keywords`, was.keywords, service.keywords),
    );
  }
  const order = (services: readonly ServiceContent[]) =>
    services
      .map((service) => service.key)
      .filter((key) => before.some((s) => s.key === key) && after.some((s) => s.key === key));
  if (JSON.stringify(order(before)) !== JSON.stringify(order(after))) changes.push('Services reordered');
  return changes;
}

function homePricingChanges(before: SiteContent['homePricing'], after: SiteContent['homePricing']): string[] {
  const changes = fieldChanges('Home pricing', before, after, { lead: 'introduction', note: 'note' });
  for (const group of before.groups) {
    if (!after.groups.some((entry) => entry.title === group.title))
      changes.push(`Home pricing: removed ${group.title}`);
  }
  for (const group of after.groups) {
    const was = before.groups.find((entry) => entry.title === group.title);
    if (!was) {
      changes.push(`Home pricing: added ${group.title}`);
      continue;
    }
    const prefix = `Home pricing, ${group.title}`;
    changes.push(
      ...fieldChanges(prefix, was, group, { from: '“from” price' }),
      ...priceLineChanges(prefix, was.items, group.items),
    );
  }
  return changes;
}

/** "About page: introduction changed", "MOT page: section “MOT prices” changed". */
function infoPageChanges(before: InfoPages, after: InfoPages): string[] {
  const changes: string[] = [];
  for (const key of Object.keys(infoPageNames) as InfoPageKey[]) {
    const [was, is, name] = [before[key], after[key], infoPageNames[key]];
    for (const [field, label] of [
      ['title', 'heading'],
      ['lead', 'introduction'],
      ['metaTitle', 'title in search results'],
      ['description', 'description in search results'],
    ] as const) {
      if (was[field] !== is[field]) changes.push(`${name}: ${label} changed`);
    }
    const headings = (page: InfoPage) => page.sections.map((section) => section.heading);
    if (JSON.stringify(headings(was)) !== JSON.stringify(headings(is))) {
      changes.push(...listChanges(`${name}: sections`, headings(was), headings(is)));
    }
    for (const section of is.sections) {
      const old = was.sections.find((entry) => entry.heading === section.heading);
      if (old && JSON.stringify(old.blocks) !== JSON.stringify(section.blocks)) {
        changes.push(`${name}: section “${section.heading}” changed`);
      }
    }
    const faqs = (page: InfoPage) => page.faqs.map((faq) => `${faq.question}\n${faq.answer}`);
    changes.push(
      ...listChanges(`${name}: questions`, faqs(was), faqs(is)),
      ...listChanges(`${name}: keywords`, was.keywords, is.keywords),
    );
  }
  return changes;
}

function branchChanges(before: readonly BranchContent[], after: readonly BranchContent[]): string[] {
  const changes: string[] = [];
  for (const branch of before) {
    if (!after.some((entry) => entry.key === branch.key)) changes.push(`Removed branch ${branch.name}`);
  }
  for (const branch of after) {
    const was = before.find((entry) => entry.key === branch.key);
    if (!was) {
      changes.push(`Added branch ${branch.name}`);
      continue;
    }
    const name = branch.name;
    changes.push(
      ...fieldChanges(name, was, branch, {
        name: 'name',
        phone: 'phone (for dialling)',
        formattedPhone: 'phone',
        sundayNote: 'Sunday note',
      }),
      ...fieldChanges(name, was.address, branch.address, {
        street: 'street',
        locality: 'town',
        postcode: 'postcode',
      }),
    );
    for (const weekday of weekdays) {
      const [wasText, isText] = [dayHoursText(was.hours[weekday]), dayHoursText(branch.hours[weekday])];
      if (wasText !== isText) changes.push(`${name}: ${weekdayNames[weekday]} hours ${wasText} → ${isText}`);
    }
  }
  return changes;
}

function areaChanges(before: SiteContent['areas'], after: SiteContent['areas']): string[] {
  return [
    ...listChanges('Areas covered', before.regions, after.regions),
    ...listChanges('Postcode districts covered', before.coveredDistricts, after.coveredDistricts),
    ...fieldChanges('Areas covered', before, after, {
      coverageText: 'coverage text',
      radiusMiles: 'radius (miles)',
      radiusKilometres: 'radius (km)',
    }),
  ];
}
