import { describe, expect, it } from 'vitest';
import { contentFacts, fillFactsIn } from './facts.ts';

const branch = (name: string) => ({ name }) as Parameters<typeof contentFacts>[0]['branches'][number];
const areas = { radiusMiles: 30, regions: ['Billericay', 'Romford'] } as Parameters<
  typeof contentFacts
>[0]['areas'];

describe('tokens', () => {
  it('replace the values they are given and leave any other token as it is', () => {
    expect(
      fillFactsIn('Call {formattedPhone} within {radiusMiles} miles, {unknown}', {
        formattedPhone: '020 7946 0123',
        radiusMiles: 25,
      }),
    ).toBe('Call 020 7946 0123 within 25 miles, {unknown}');
    expect(
      fillFactsIn({ a: ['{baseTown}'], b: { c: '{baseTown}!' }, n: 3 }, { baseTown: 'Brentwood' }),
    ).toEqual({
      a: ['Brentwood'],
      b: { c: 'Brentwood!' },
      n: 3,
    });
  });

  it('give the business facts of the content: radius, base town and the branches as a sentence lists them', () => {
    expect(contentFacts({ areas, branches: [branch('Harold Hill'), branch('Upminster')] })).toEqual({
      radiusMiles: 30,
      baseTown: 'Billericay',
      branchesAnd: 'Harold Hill and Upminster',
      branchesOr: 'Harold Hill or Upminster',
    });
    const three = contentFacts({ areas, branches: [branch('A'), branch('B'), branch('C')] });
    expect([three.branchesAnd, three.branchesOr]).toEqual(['A, B and C', 'A, B or C']);
    expect(contentFacts({ areas, branches: [branch('Hornchurch')] }).branchesOr).toBe('Hornchurch');
  });
});
