import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { hoursRows, openingHoursSpecification } from './opening-hours.ts';
import {
  defaultCoveredDistricts,
  publishableSiteContentSchema,
  siteContentFieldErrors,
  siteContentSchema,
  type SiteContent,
} from './site-content.ts';
import { describeChanges, summariseChanges } from './changes.ts';
import { seedSiteContent } from './seed.ts';
import { defaultSiteSettings } from './site-settings.ts';

const seed = () => seedSiteContent(defaultSiteSettings);

function errorsOf(change: (content: SiteContent) => void): Record<string, string[]> {
  const content = structuredClone(seed());
  change(content);
  const result = z.safeParse(siteContentSchema, content);
  return result.success ? {} : siteContentFieldErrors(result.error);
}

describe('site content rules', () => {
  it('accept the seed, which is the original content', () => {
    const content = seed();
    expect(z.parse(siteContentSchema, content)).toEqual(content);
    expect(content.services.map((service) => service.slug)).toEqual([
      'tyre-replacement',
      'puncture-repair',
      'wheel-balancing',
      'tpms-services',
      'commercial-tyres',
    ]);
    expect(content.business.companyName).toBe(defaultSiteSettings.companyName);
  });

  it('name the field and say what is wrong', () => {
    expect(
      errorsOf((content) => {
        content.business.email = 'not an address';
        content.business.phone = '01708 abc';
        content.services[1]!.pricing[0]!.price = '  ';
        content.services[1]!.pricing[1]!.name = '';
        content.services[2]!.slug = 'Puncture Repair!';
        content.branches[0]!.hours.saturday = { closed: false, opens: '16:00', closes: '08:00' };
        content.branches[1]!.hours.monday = { closed: false, opens: '8am', closes: '17:00' };
        content.branches[1]!.address.postcode = 'nowhere';
      }),
    ).toEqual({
      'business.email': ['Enter a valid e-mail address, for example enquiries@yourcompany.co.uk'],
      'business.phone': ['Digits only, for example +441708123456 (6 to 15 digits, + allowed first)'],
      'services.1.pricing.0.price': ['Enter a price, for example £25 or From £45'],
      'services.1.pricing.1.name': ['Enter what the price is for'],
      'services.2.slug': ['Use lower-case letters, digits and single dashes, for example puncture-repair'],
      'branches.0.hours.saturday.closes': ['Closing time must be after opening time'],
      'branches.1.hours.monday.opens': ['Enter a time as HH:MM, for example 08:30'],
      'branches.1.address.postcode': ['Enter a UK postcode, for example RM3 0AB'],
    });
  });

  it('tidy the covered postcode districts and name those that are not districts', () => {
    const content = structuredClone(seed());
    content.areas.coveredDistricts = [' rm3', 'RM3', 'cm 12', 'ss', ''];
    expect(z.parse(siteContentSchema, content).areas.coveredDistricts).toEqual(['RM3', 'CM12', 'SS']);
    expect(
      errorsOf((content) => (content.areas.coveredDistricts = ['RM3', 'RM3 0AB', 'Romford', '12'])),
    ).toEqual({
      'areas.coveredDistricts': [
        'Not a postcode district: RM30AB, ROMFORD, 12. Write districts such as RM3 or CM12, or a whole area such as SS.',
      ],
    });
  });

  it('give a document published before the covered districts existed the default districts', () => {
    const { coveredDistricts: _dropped, ...areas } = seed().areas;
    const parsed = z.parse(siteContentSchema, { ...seed(), areas });
    expect(parsed.areas.coveredDistricts).toEqual(defaultCoveredDistricts);
    expect(parsed.areas.coveredDistricts).toContain('RM3');
  });

  it('need a branch, a shown service and unique service addresses', () => {
    expect(
      errorsOf((content) => {
        content.branches = [];
        content.services.forEach((service) => (service.visible = false));
        content.services[1]!.slug = 'tyre-replacement';
      }),
    ).toEqual({
      branches: ['Add at least one branch'],
      services: ['At least one service must be shown on the site'],
      'services.1.slug': ['Another service already uses this address'],
    });
  });

  it('keep the booking’s MOT testing and servicing addresses from a service published now', () => {
    const content = structuredClone(seed());
    content.services[4]!.slug = 'mot';
    content.services[3]!.slug = 'servicing';
    // A version stored so is still read.
    expect(z.safeParse(siteContentSchema, content).success).toBe(true);
    const result = z.safeParse(publishableSiteContentSchema, content);
    expect(result.success || siteContentFieldErrors(result.error)).toEqual({
      'services.3.slug': ['Online booking uses this address for Vehicle Servicing: choose another'],
      'services.4.slug': ['Online booking uses this address for MOT Testing: choose another'],
    });
  });

  it('accept a closed day without times, and cap lengths', () => {
    expect(
      errorsOf((content) => {
        content.branches[0]!.hours.sunday = { closed: true, opens: '', closes: '' };
      }),
    ).toEqual({});
    expect(errorsOf((content) => void (content.business.companyName = 'x'.repeat(81)))).toEqual({
      'business.companyName': ['Must be 80 characters or fewer'],
    });
  });
});

describe('opening hours', () => {
  it('read as the site writes them, and as structured data', () => {
    const [haroldHill, upminster] = seed().branches;
    expect(hoursRows(haroldHill!)).toEqual([
      { days: 'Monday - Friday', hours: '8:00am - 6:00pm' },
      { days: 'Saturday', hours: '8:00am - 4:00pm' },
      { days: 'Sunday', hours: '9:00am - 1:00pm' },
    ]);
    expect(hoursRows(upminster!)[0]).toEqual({ days: 'Monday - Friday', hours: '8:00am - 5:00pm' });
    expect(openingHoursSpecification(haroldHill!.hours)).toEqual([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
      { days: ['Saturday'], opens: '08:00', closes: '16:00' },
      { days: ['Sunday'], opens: '09:00', closes: '13:00' },
    ]);
  });

  it('split a week whose days differ, and show a closed Sunday with its note', () => {
    const branch = structuredClone(seed().branches[0]!);
    branch.hours.friday = { closed: false, opens: '08:00', closes: '12:30' };
    branch.hours.sunday = { closed: true, opens: '', closes: '' };
    branch.sundayNote = 'Emergency call-outs only';
    expect(hoursRows(branch)).toEqual([
      { days: 'Monday - Thursday', hours: '8:00am - 6:00pm' },
      { days: 'Friday', hours: '8:00am - 12:30pm' },
      { days: 'Saturday', hours: '8:00am - 4:00pm' },
      { days: 'Sunday', hours: 'Emergency call-outs only' },
    ]);
  });
});

describe('describing changes', () => {
  it('names each change in words', () => {
    const before = seed();
    const after = structuredClone(before);
    after.services[1]!.pricing[0]!.price = '£30';
    after.branches[0]!.hours.saturday = { closed: false, opens: '09:00', closes: '15:00' };
    after.services[3]!.visible = false;
    after.business.formattedPhone = '01708 123456';
    const changes = describeChanges(before, after);
    expect(changes).toEqual([
      'Business details: phone “020 7946 0123” → “01708 123456”',
      'Puncture Repair: Standard puncture repair £25 → £30',
      'TPMS Services: hidden on the site',
      'Harold Hill: Saturday hours 8:00am - 4:00pm → 9:00am - 3:00pm',
    ]);
    expect(summariseChanges(changes)).toBe(
      'Business details: phone “020 7946 0123” → “01708 123456”; and 3 more changes',
    );
    expect(describeChanges(before, structuredClone(before))).toEqual([]);
  });
});

describe('changes to the page texts', () => {
  it('name the page and what changed in it', () => {
    const before = seedSiteContent(defaultSiteSettings);
    const after = structuredClone(before);
    after.infoPages.about.lead = 'A family firm.';
    after.infoPages.mot.metaTitle = 'MOT from {price:mot}';
    after.infoPages.mot.sections[1]!.blocks[0] = { kind: 'p', text: 'Prices on request.' };
    after.infoPages.contact.faqs.pop();
    after.infoPages.servicing.sections.push({ heading: 'Brakes', blocks: [{ kind: 'p', text: 'Pads.' }] });
    expect(describeChanges(before, after)).toEqual([
      'MOT page: title in search results changed',
      'MOT page: section “MOT prices” changed',
      'Servicing page: sections: 1 added',
      'About page: introduction changed',
      'Contact page: questions: 1 removed',
    ]);
  });
});
