import { describe, expect, it } from 'vitest';
import { parseServiceList, servicePictureName, type ServiceSummary } from './services.ts';
import { seedSiteContent } from './seed.ts';
import { defaultSiteSettings } from './site-settings.ts';

/** The services of a new site as GET /api/services lists them. */
const services: ServiceSummary[] = seedSiteContent(defaultSiteSettings).services.map((service) => ({
  id: service.slug,
  slug: service.slug,
  title: service.title,
  description: service.description,
  image: `/images/fallback/${service.key}-800.webp`,
}));

describe('parseServiceList', () => {
  it('keeps valid entries', () => {
    expect(parseServiceList(JSON.parse(JSON.stringify(services)))).toEqual(services);
  });

  it('reads anything that is not a list as no services', () => {
    for (const answer of [null, undefined, {}, 'services', 42, { services }]) {
      expect(parseServiceList(answer)).toEqual([]);
    }
  });

  it('leaves out malformed entries', () => {
    expect(parseServiceList([{ id: 'unknown' }, services[0]])).toEqual([services[0]]);
  });
});

describe('servicePictureName', () => {
  it('gives each of the five original services its own picture', () => {
    for (const key of [
      'tyre-replacement',
      'puncture-repair',
      'wheel-balancing',
      'tpms-services',
      'commercial-tyres',
    ]) {
      expect(servicePictureName(key)).toBe(key);
    }
  });

  it('gives a service added later the tyre fitting picture, never another slot’s', () => {
    for (const key of ['mobile-service', 'hero-background', 'about-image']) {
      expect(servicePictureName(key)).toBe('tyre-replacement');
    }
  });
});
