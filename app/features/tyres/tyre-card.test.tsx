import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import { makeTyreOffer } from '#tests/support/tyre-offers.ts';
import { TyreCard } from './tyre-card.tsx';

const offer = (overrides: Partial<TyreOffer> = {}) => makeTyreOffer({ id: 3, ...overrides });

const shown = (tyre: TyreOffer, card: Partial<Parameters<typeof TyreCard>[0]> = {}) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TyreCard offer={tyre} quantity={2} bookService="tyre-replacement" {...card} />
    </MemoryRouter>,
  );

/** The card's text, tags taken out. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

describe('a tyre on the size pages', () => {
  it('shows its range, and a van tyre’s dual load index as it is marked on the tyre', () => {
    expect(shown(offer())).toContain('>Premium</span>');
    expect(shown(offer())).toContain('215/65 R16 109/107R · Winter');
    expect(shown(offer({ loadIndex: 91, loadIndexDual: null, speedRating: 'V' }))).toContain(
      '215/65 R16 91V · Winter',
    );
  });

  it('links to the tyre’s own page', () => {
    expect(shown(offer())).toContain('href="/tyres/215-65-r16/continental-vancontact-winter-109-107r"');
  });

  it('leads with the price of the number chosen, fully fitted, and the price of one beneath', () => {
    const four = textOf(shown(offer({ price: 9_099 }), { quantity: 4 }));
    expect(four).toContain('£363.96 for 4, fitted£90.99 each, fully fitted');
    expect(four.indexOf('£363.96')).toBeLessThan(four.indexOf('£90.99'));
    const one = textOf(shown(offer({ price: 9_099 }), { quantity: 1 }));
    expect(one).toContain('£90.99 each, fully fitted2 for £181.98 · 4 for £363.96');
  });

  it('says what to do instead when the tyre cannot be booked', () => {
    const gone = offer({ fittedFrom: null, availability: 'none' });
    const instead = offer({
      id: 4,
      brand: 'Michelin',
      pattern: 'Agilis Alpin',
      slug: 'michelin-agilis-alpin-109-107r',
      price: 22_999,
      fittedFrom: '2026-11-26',
    });
    const withInstead = shown(gone, { instead });
    expect(textOf(withInstead)).toContain('Not available to book at the moment');
    expect(textOf(withInstead)).toContain(
      'Instead: Michelin Agilis Alpin, £229.99 each, fitted from Thu 26 Nov. Or ask us when it will be back.',
    );
    expect(withInstead).toContain('href="/tyres/215-65-r16/michelin-agilis-alpin-109-107r"');
    expect(withInstead).toContain('href="/#contact"');
    expect(withInstead).not.toContain('Book fitting');
    expect(textOf(shown(gone, { standInsShown: true }))).toContain(
      'See the sizes that could fit instead, or ask us when it will be back.',
    );
    expect(textOf(shown(gone))).toContain('Ask us when it will be back.');
  });
});
