import { describe, expect, it } from 'vitest';
import { contentFacts, priceAmount, unknownFacts } from './facts.ts';
import { fillTokensIn } from './tokens.ts';
import { seedSiteContent } from './seed.ts';
import { publishableSiteContentSchema, siteContentFieldErrors, siteContentSchema } from './site-content.ts';
import { defaultSiteSettings } from './site-settings.ts';

const seed = () => seedSiteContent(defaultSiteSettings);
const branch = (name: string) => ({ ...seed().branches[0]!, name });

describe('tokens', () => {
  it('replace the values they are given and leave any other token as it is', () => {
    expect(
      fillTokensIn('Call {formattedPhone} within {radiusMiles} miles for {price:mot}, {unknown}', {
        formattedPhone: '020 7946 0123',
        radiusMiles: 25,
        'price:mot': '£57',
      }),
    ).toBe('Call 020 7946 0123 within 25 miles for £57, {unknown}');
    expect(
      fillTokensIn({ a: ['{baseTown}'], b: { c: '{baseTown}!' }, n: 3 }, { baseTown: 'Brentwood' }),
    ).toEqual({
      a: ['Brentwood'],
      b: { c: 'Brentwood!' },
      n: 3,
    });
  });

  it('give the business facts of the content: details, radius, base town, the branches as a sentence lists them', () => {
    const facts = contentFacts(seed());
    expect(facts).toMatchObject({
      companyName: 'Anytown Mobile Tyres',
      formattedPhone: '020 7946 0123',
      email: 'enquiries@example.com',
      radiusMiles: 30,
      baseTown: 'Billericay',
      branchesAnd: 'Harold Hill and Upminster',
      branchesOr: 'Harold Hill or Upminster',
      otherAreas: 'Harold Hill, Upminster, Romford, Brentwood, Basildon, Chelmsford and Southend-on-Sea',
    });
    const three = contentFacts({ ...seed(), branches: [branch('A'), branch('B'), branch('C')] });
    expect([three.branchesAnd, three.branchesOr]).toEqual(['A, B and C', 'A, B or C']);
    expect(contentFacts({ ...seed(), branches: [branch('Hornchurch')] }).branchesOr).toBe('Hornchurch');
  });

  it('give the amount of every price line with a key, wherever the line is', () => {
    const facts = contentFacts(seed());
    expect(facts).toMatchObject({
      'price:mot': '£50',
      'price:mot-retest': '£20',
      'price:servicing': '£80',
      'price:callout-surcharge': '£15',
    });
    expect(Object.keys(facts).filter((name) => name.startsWith('price:'))).toHaveLength(8);
  });

  it('read the amount of a price as texts state it', () => {
    expect(priceAmount('From £80')).toBe('£80');
    expect(priceAmount('£12.50 per tyre')).toBe('£12.50');
    expect(priceAmount('From £1,200')).toBe('£1,200');
    expect(priceAmount('Included')).toBe('Included');
  });
});

describe('facts the texts name', () => {
  it('are all known in the first version of the content', () => {
    expect(unknownFacts(seed())).toEqual([]);
  });

  it('are refused on publishing when a price they name is gone or a name is misspelt', () => {
    const content = seed();
    const mot = content.homePricing.groups.find((group) => group.title === 'MOT Testing')!;
    mot.items = mot.items.filter((line) => line.key !== 'mot');
    content.infoPages.about.lead = 'Within {radiusMile} miles';
    const result = publishableSiteContentSchema.safeParse(content);
    expect(result.success).toBe(false);
    const errors = siteContentFieldErrors(result.error!);
    expect(errors['homePricing.groups.1.from']).toEqual([
      'No price has the name {price:mot}: keep the price it named, or write the amount instead',
    ]);
    expect(errors['infoPages.mot.lead']).toHaveLength(1);
    expect(errors['infoPages.about.lead']![0]).toMatch(/^\{radiusMile\} is not a name the site knows/);
    // A stored version is read all the same: what was published never stops the site.
    expect(siteContentSchema.safeParse(content).success).toBe(true);
  });

  it('name one price each: two lines with the same key are refused', () => {
    const content = seed();
    content.services[0]!.pricing[0]!.key = 'mot';
    const result = siteContentSchema.safeParse(content);
    expect(result.success).toBe(false);
    expect(Object.values(siteContentFieldErrors(result.error!)).flat()).toContain(
      'Another price already has this name',
    );
  });
});
