import { reductionLimitPercentOf } from '#common/jobs/lines.ts';
import { reminderSettingsOf } from '#common/reminders/settings.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import {
  bookingLocationName,
  bookingSettingsOf,
  branchServices,
  type BookingLocationSettings,
  type BookingSettings,
  type ClosedDate,
} from '#common/bookings/settings.ts';
import { branchServiceTitles } from '#common/bookings/branch-services.ts';
import { infoPageNames, type InfoPage, type InfoPageKey, type InfoPages } from './info-pages.ts';
import { dayHoursText } from './opening-hours.ts';
import { isCalendarDate } from '#common/time/week.ts';
import { tyrePricingChanges } from '#common/tyres/pricing-changes.ts';
import {
  weekdayNames,
  weekdays,
  type BranchContent,
  type PriceLine,
  type ServiceContent,
  type SiteContent,
} from './site-content.ts';
import { plural } from '#common/util/words.ts';
import { dayMonthYearText } from '#common/time/formats.ts';

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
    ...bookingChanges(before, after),
    ...tyrePricingChanges(before, after),
    ...invoicingChanges(before.invoicing, after.invoicing),
    // Absent settings are the defaults: publishing them first is no change of what is sent.
    ...fieldChanges('Reminders', reminderSettingsOf(before), reminderSettingsOf(after), {
      motFirstDays: 'first MOT reminder, days before',
      motSecondDays: 'second MOT reminder, days before',
      tyreWeeks: 'tyre reminder, weeks after',
      reviewLink: 'review link',
      reviewTime: 'review requests at',
    }),
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

const quote = (value: string) =>
  value === '' ? '(empty)' : value.length > 60 ? `“${value.slice(0, 57)}…”` : `“${value}”`;

function fieldChanges<Fields extends Record<string, unknown>>(
  prefix: string,
  before: Fields,
  after: Fields,
  labels: { [Key in keyof Fields]?: string },
): string[] {
  const changes: string[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof Fields, string][]) {
    const [was, is] = [before[field], after[field]];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes.push(
      typeof was === 'string' || typeof was === 'number'
        ? `${prefix}: ${label} ${quote(String(was))} → ${quote(String(is))}`
        : `${prefix}: ${label} changed`,
    );
  }
  return changes;
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

/** 2026-12-24 as "24 Dec 2026" (a draft's date may not be one yet). */
const dayText = (date: string) =>
  isCalendarDate(date) ? dayMonthYearText(date) : date.trim() || '(no date)';

/** A closed date's entry in words: "24 Dec 2026 (all locations)". */
function closedDateText(entry: ClosedDate, branches: SiteContent['branches']): string {
  const where = entry.location === '' ? 'all locations' : bookingLocationName(entry.location, branches);
  return `${dayText(entry.date)} (${where})`;
}

/** What changed of the bookable weeks of a place, or of a branch's MOT testing or servicing. */
function weekChanges(
  name: string,
  before: Pick<BookingLocationSettings, 'enabled' | 'week'>,
  after: Pick<BookingLocationSettings, 'enabled' | 'week'>,
): string[] {
  const changes: string[] = [];
  if (before.enabled !== after.enabled) {
    changes.push(`Booking: online booking of ${name} turned ${after.enabled ? 'on' : 'off'}`);
  }
  const days = weekdays.filter((day) => JSON.stringify(before.week[day]) !== JSON.stringify(after.week[day]));
  if (days.length > 0) {
    const which =
      days.length === weekdays.length ? 'every day' : days.map((day) => weekdayNames[day]).join(', ');
    changes.push(`Booking: windows of ${name} changed (${which})`);
  }
  return changes;
}

/** A place's changes, then those of its MOT testing and servicing ("MOT Testing at Harold Hill branch"). */
function locationChanges(
  name: string,
  before: BookingLocationSettings,
  after: BookingLocationSettings,
): string[] {
  const changes = weekChanges(name, before, after);
  for (const service of branchServices) {
    const [was, is] = [before.services?.[service], after.services?.[service]];
    if (was && is) changes.push(...weekChanges(`${branchServiceTitles[service]} at ${name}`, was, is));
  }
  return changes;
}

/**
 * Booking compares the settings in force on each side, so that a document without any (which
 * books from defaults) and one that writes those defaults out read as the same. A location that
 * comes or goes with its branch is told by the branch's own change.
 */
function bookingChanges(beforeContent: SiteContent, afterContent: SiteContent): string[] {
  const before: BookingSettings = bookingSettingsOf(beforeContent);
  const after: BookingSettings = bookingSettingsOf(afterContent);
  const branches = afterContent.branches;
  const changes = fieldChanges('Booking', before, after, {
    horizonDays: 'days ahead customers can book',
    noticeHours: 'shortest notice (hours)',
  });
  for (const location of after.locations) {
    const was = before.locations.find((entry) => entry.key === location.key);
    if (was) changes.push(...locationChanges(bookingLocationName(location.key, branches), was, location));
  }
  const closedKey = (entry: ClosedDate) => `${entry.date} ${entry.location}`;
  const wasClosed = new Map(before.closedDates.map((entry) => [closedKey(entry), entry]));
  const isClosed = new Map(after.closedDates.map((entry) => [closedKey(entry), entry]));
  for (const [key, entry] of isClosed) {
    const was = wasClosed.get(key);
    if (!was) changes.push(`Booking: closed on ${closedDateText(entry, branches)}`);
    else if (was.note !== entry.note)
      changes.push(`Booking: note of ${closedDateText(entry, branches)} changed`);
  }
  for (const [key, entry] of wasClosed) {
    if (!isClosed.has(key)) changes.push(`Booking: no longer closed on ${closedDateText(entry, branches)}`);
  }
  const holiday = (date: string) => `${bankHolidays[date] ?? 'the bank holiday'}, ${dayText(date)}`;
  for (const date of after.openBankHolidays) {
    if (!before.openBankHolidays.includes(date)) changes.push(`Booking: open on ${holiday(date)}`);
  }
  for (const date of before.openBankHolidays) {
    if (!after.openBankHolidays.includes(date)) changes.push(`Booking: closed on ${holiday(date)}`);
  }
  return changes;
}

/** The invoicing details: set, changed (address or VAT number) or taken away. */
function invoicingChanges(before: SiteContent['invoicing'], after: SiteContent['invoicing']): string[] {
  if (!before && !after) return [];
  if (!before) return ['Invoicing: postal address and VAT number set'];
  if (!after) return ['Invoicing: details removed (invoices use the first branch’s address)'];
  return [
    ...(before.address.join('\n') !== after.address.join('\n')
      ? [`Invoicing: postal address ${before.address.join(', ')} → ${after.address.join(', ')}`]
      : []),
    ...(before.vatNumber !== after.vatNumber
      ? [`Invoicing: VAT number ${before.vatNumber} → ${after.vatNumber}`]
      : []),
    ...(reductionLimitPercentOf({ invoicing: before }) !== reductionLimitPercentOf({ invoicing: after })
      ? [
          `Invoicing: a price cut of more than ${reductionLimitPercentOf({ invoicing: before })}% → ${reductionLimitPercentOf({ invoicing: after })}% waits for approval`,
        ]
      : []),
  ];
}
