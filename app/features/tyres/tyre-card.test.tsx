import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import { TyreCard } from './tyre-card.tsx';

const offer = (overrides: Partial<TyreOffer> = {}): TyreOffer => ({
  id: 3,
  brand: 'Continental',
  pattern: 'VanContact Winter',
  size: '215/65R16',
  loadIndex: 109,
  loadIndexDual: 107,
  speedRating: 'R',
  season: 'winter',
  runFlat: false,
  extraLoad: false,
  tier: 'premium',
  price: 21_499,
  label: { fuel: 'C', wet: 'B', noiseDb: 72, noiseClass: 'B', snow: true, ice: false },
  fittedFrom: '2026-11-25',
  availability: 'supplier',
  slug: 'continental-vancontact-winter-109-107r',
  ...overrides,
});

const shown = (tyre: TyreOffer) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TyreCard offer={tyre} quantity={2} bookService="tyre-replacement" />
    </MemoryRouter>,
  );

describe('a tyre on the size pages', () => {
  it('shows a van tyre’s dual load index as it is marked on the tyre', () => {
    expect(shown(offer())).toContain('Premium · 215/65 R16 109/107R · Winter');
    expect(shown(offer({ loadIndex: 91, loadIndexDual: null, speedRating: 'V' }))).toContain(
      '215/65 R16 91V · Winter',
    );
  });

  it('links to the tyre’s own page', () => {
    expect(shown(offer())).toContain('href="/tyres/215-65-r16/continental-vancontact-winter-109-107r"');
  });
});
