import { describe, expect, it } from 'vitest';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings, siteSettingsWith } from '#common/site-content/site-settings.ts';
import { homeContent, hoursText, servicePage, servicePaths, siteNav } from './page-content.server.ts';

/** The content of a new site, changed by `change` (a copy: the seed is made afresh each time). */
function contentWith(change: (content: SiteContent) => void = () => {}): SiteContent {
  const content = seedSiteContent(defaultSiteSettings);
  change(content);
  return content;
}

const siteOf = (content: SiteContent) => siteSettingsWith(defaultSiteSettings, content);

const service = (content: SiteContent, key: string) => content.services.find((entry) => entry.key === key)!;

describe('siteNav', () => {
  it('lists the header’s services, the footer’s visible services and the social links', () => {
    const content = contentWith((draft) => {
      service(draft, 'wheel-balancing').visible = false;
    });
    const nav = siteNav(content, siteOf(content));
    expect(nav.headerServices.map((link) => link.label)).toEqual([
      'Tyre Replacement',
      'Puncture Repair',
      'TPMS Services',
    ]);
    expect(nav.footerServices).toEqual([
      { label: 'Tyre Replacement', to: '/services/tyre-replacement' },
      { label: 'Puncture Repair', to: '/services/puncture-repair' },
      { label: 'TPMS Services', to: '/services/tpms-services' },
      { label: 'Commercial Tyres', to: '/services/commercial-tyres' },
    ]);
    expect(nav.socialLinks).toContainEqual({ label: 'Facebook', href: 'https://www.facebook.com/' });
  });
});

describe('servicePage', () => {
  const content = contentWith((draft) => {
    service(draft, 'wheel-balancing').visible = false;
    const puncture = service(draft, 'puncture-repair');
    puncture.slug = 'flat-tyre-repair';
    puncture.formerSlugs = ['puncture-repair'];
    draft.services.push({
      ...service(draft, 'tpms-services'),
      key: 'battery-fitting',
      slug: 'battery-fitting',
      title: 'Battery Fitting',
      longDescription: ['Call {formattedPhone} or write to {email}.'],
    });
  });
  const site = siteOf(content);

  it('finds a visible service whatever the case, with the three that follow it, wrapping round', () => {
    const page = servicePage(content, 'TPMS-Services', site);
    expect(page.outcome).toBe('found');
    if (page.outcome !== 'found') return;
    expect(page.service).toMatchObject({
      slug: 'tpms-services',
      title: 'TPMS Services',
      picture: 'tpms-services',
    });
    expect(page.others.map((other) => other.slug)).toEqual([
      'commercial-tyres',
      'battery-fitting',
      'tyre-replacement',
    ]);
  });

  it('gives a new service the tyre fitting picture and fills in the business details', () => {
    const page = servicePage(content, 'battery-fitting', site);
    if (page.outcome !== 'found') throw new Error(page.outcome);
    expect(page.service.picture).toBe('tyre-replacement');
    expect(page.service.longDescription).toEqual(['Call 020 7946 0123 or write to enquiries@example.com.']);
  });

  it('has no page for a hidden or unknown service', () => {
    expect(servicePage(content, 'wheel-balancing', site)).toEqual({ outcome: 'missing' });
    expect(servicePage(content, 'flux-capacitor', site)).toEqual({ outcome: 'missing' });
  });

  it('sends a former address to the current one', () => {
    expect(servicePage(content, 'Puncture-Repair', site)).toEqual({
      outcome: 'moved',
      slug: 'flat-tyre-repair',
    });
  });

  it('suggests fewer than three others when there are fewer', () => {
    const few = contentWith((draft) => {
      draft.services.forEach((entry, index) => (entry.visible = index < 2));
    });
    const page = servicePage(few, 'puncture-repair', siteOf(few));
    if (page.outcome !== 'found') throw new Error(page.outcome);
    expect(page.others.map((other) => other.slug)).toEqual(['tyre-replacement']);
  });

  it('lists only visible services in the sitemap', () => {
    expect(servicePaths(content)).toEqual([
      '/services/tyre-replacement',
      '/services/flat-tyre-repair',
      '/services/tpms-services',
      '/services/commercial-tyres',
      '/services/battery-fitting',
    ]);
  });
});

describe('homeContent', () => {
  it('gives the branches their hours as rows and for structured data', () => {
    const content = contentWith((draft) => {
      draft.branches[0]!.hours.saturday = { closed: false, opens: '09:00', closes: '15:30' };
    });
    const [haroldHill] = homeContent(content, siteOf(content)).branches;
    expect(haroldHill!.hours).toEqual([
      { days: 'Monday - Friday', hours: '8:00am - 6:00pm' },
      { days: 'Saturday', hours: '9:00am - 3:30pm' },
      { days: 'Sunday', hours: '9:00am - 1:00pm' },
    ]);
    expect(haroldHill!.openingHours).toContainEqual({ days: ['Saturday'], opens: '09:00', closes: '15:30' });
  });

  it('leaves hidden services out and fills the company name into the texts', () => {
    const content = contentWith((draft) => {
      service(draft, 'commercial-tyres').visible = false;
      draft.business.companyName = 'Essex Tyre Co';
      draft.homePricing.note = 'Prices from {companyName} include VAT.';
    });
    const home = homeContent(content, siteOf(content));
    expect(home.services.map((entry) => entry.slug)).not.toContain('commercial-tyres');
    expect(home.pricing.note).toBe('Prices from Essex Tyre Co include VAT.');
  });
});

describe('hoursText', () => {
  it('writes each branch’s week in one line and the contact hours one line each', () => {
    const content = contentWith();
    expect(hoursText(content, siteOf(content))).toEqual({
      branches: [
        {
          name: 'Harold Hill',
          week: 'Monday to Friday 8:00am–6:00pm, Saturday 8:00am–4:00pm, Sunday 9:00am–1:00pm',
        },
        {
          name: 'Upminster',
          week: 'Monday to Friday 8:00am–5:00pm, Saturday 9:00am–2:00pm, Sunday 9:00am–1:00pm',
        },
      ],
      contact: ['Monday - Friday: 8am - 6pm', 'Saturday: 8am - 4pm', 'Sunday: Emergency callouts only'],
    });
  });
});
