import { describe, expect, it } from 'vitest';
import { contentFacts, unknownFacts } from './facts.ts';
import { fillTokensIn } from './tokens.ts';
import { seedInfoPages } from './info-pages-seed.ts';
import { seedSiteContent } from './seed.ts';
import { siteContentSchema, type SiteContent } from './site-content.ts';
import { defaultSiteSettings } from './site-settings.ts';
import { withInfoPages } from './upgrade.ts';

/**
 * The content as versions stored before the page texts were part of it: no texts, prices written
 * out, no keys on the price lines.
 */
function storedBefore(edit: (content: SiteContent) => void = () => {}) {
  const { infoPages: _pages, ...content } = seedSiteContent(defaultSiteSettings);
  const prices = Object.fromEntries(
    Object.entries(contentFacts(content as SiteContent)).filter(([name]) => name.startsWith('price:')),
  );
  const stored = fillTokensIn(content, prices) as SiteContent;
  for (const line of [
    ...stored.services.flatMap((service) => service.pricing),
    ...stored.homePricing.groups.flatMap((group) => group.items),
  ]) {
    delete line.key;
  }
  edit(stored);
  return stored;
}

describe('a version stored before the page texts were editable', () => {
  it('gets the texts the pages showed, naming the prices of its own lines', () => {
    const upgraded = siteContentSchema.parse(
      withInfoPages(
        storedBefore((content) => {
          content.homePricing.groups[1]!.items[0]!.price = '£57';
        }),
      ),
    );
    expect(upgraded.infoPages).toEqual(seedInfoPages());
    expect(unknownFacts(upgraded)).toEqual([]);
    const mot = fillTokensIn(upgraded.infoPages.mot, contentFacts(upgraded));
    expect(mot.lead).toContain('from £57');
    expect(contentFacts(upgraded)['price:callout-surcharge']).toBe('£15');
  });

  it('keeps the amounts the texts stated where a price line was renamed or removed', () => {
    const upgraded = siteContentSchema.parse(
      withInfoPages(
        storedBefore((content) => {
          content.homePricing.groups[1]!.items[0]!.name = 'MOT (cars)';
        }),
      ),
    );
    expect(unknownFacts(upgraded)).toEqual([]);
    expect(upgraded.infoPages.mot.lead).toContain('from £50,');
    expect(upgraded.infoPages.mot.faqs[0]!.answer).toContain(
      'retest after minor repairs is {price:mot-retest}',
    );
  });

  it('leaves a version that has them as it is', () => {
    const current = seedSiteContent(defaultSiteSettings);
    expect(withInfoPages(current)).toBe(current);
  });
});
