import type { TyreOffer } from '#common/tyres/catalogue.ts';

let sequence = 0;

/** A tyre as the size pages receive it: a premium winter van tyre from the supplier; override any field. */
export function makeTyreOffer(overrides: Partial<TyreOffer> = {}): TyreOffer {
  sequence += 1;
  return {
    id: sequence,
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
  };
}
