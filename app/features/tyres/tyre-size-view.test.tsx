import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import { makeTyreOffer } from '#tests/support/tyre-offers.ts';
import { TyreSizeView } from './tyre-size-view.tsx';
import { tyreChoicesOf } from './tyre-query.ts';

const grades = (wet: TyreOffer['label']['wet']) => ({
  label: { fuel: 'C' as const, wet, noiseDb: 70, noiseClass: 'B' as const, snow: false, ice: false },
});

// As the search answers "best wet grip": the premium tyre graded A first, the budget one graded D last.
const items = [
  makeTyreOffer({ brand: 'Michelin', pattern: 'Primacy 4+', tier: 'premium', ...grades('A') }),
  makeTyreOffer({ brand: 'Nankang', pattern: 'AS-2+', tier: 'budget', ...grades('B') }),
  makeTyreOffer({ brand: 'Hankook', pattern: 'Ventus Prime 4', tier: 'mid-range', ...grades('C') }),
  makeTyreOffer({ brand: 'Sailun', pattern: 'Atrezzo Elite', tier: 'budget', ...grades('D') }),
];

function page(offers: TyreOffer[], instead: Record<number, number> = {}) {
  const Stub = createRoutesStub([
    {
      path: '/tyres/:size',
      Component: () => (
        <TyreSizeView
          size={{ width: 205, profile: 55, rim: 16 }}
          answer={{ size: '205/55R16', items: offers, alternatives: [] }}
          choices={tyreChoicesOf(new URLSearchParams('sort=wet&quantity=4'))}
          brands={['Hankook', 'Michelin', 'Nankang', 'Sailun']}
          bookService="tyre-replacement"
          instead={instead}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/tyres/205-55-r16']} />);
}

const namesIn = (html: string) =>
  [...html.matchAll(/<article aria-label="([^"]+)"/g)].map((match) => match[1]);

describe('a size’s page', () => {
  it('shows its tyres in one list, in the order asked for, each saying its range', () => {
    const html = page(items);
    expect(namesIn(html)).toEqual([
      'Michelin Primacy 4+',
      'Nankang AS-2+',
      'Hankook Ventus Prime 4',
      'Sailun Atrezzo Elite',
    ]);
    expect(html).toContain('Best wet grip first');
    expect(html).not.toMatch(/<h2[^>]*>(Budget|Mid-range|Premium)/);
    expect(html).toContain('>Mid-range</span>');
    expect(html).toContain('4 tyres in 205/55 R16 can be fitted, priced for 4.');
  });

  it('offers the loader’s choice in place of a tyre that cannot be booked', () => {
    const gone = { ...items[0]!, fittedFrom: null, availability: 'none' as const };
    const html = page([items[1]!, gone], { [gone.id]: items[1]!.id });
    expect(html.replace(/<[^>]+>/g, '')).toContain('Instead: Nankang AS-2+');
  });
});
