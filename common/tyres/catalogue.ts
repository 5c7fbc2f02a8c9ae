import type { TyreAvailability } from './fitted-from.ts';
import { brandKey, type TyreTier } from './pricing.ts';
import { sizeText, type ParsedTyreSize, type TyreSize } from './size.ts';

/**
 * A tyre of the catalogue as customers see it (GET /api/tyres), and the words and orders the
 * results use.
 */

export const seasons = ['summer', 'winter', 'all-season'] as const;
export type Season = (typeof seasons)[number];

export const seasonNames: Record<Season, string> = {
  summer: 'Summer',
  winter: 'Winter',
  'all-season': 'All-season',
};

/** EU tyre label grades: fuel efficiency and wet grip A (best) to E; noise class A (quietest) to C. */
export const labelGrades = ['A', 'B', 'C', 'D', 'E'] as const;
export type LabelGrade = (typeof labelGrades)[number];
export const noiseClasses = ['A', 'B', 'C'] as const;
export type NoiseClass = (typeof noiseClasses)[number];

export type TyreLabel = {
  fuel: LabelGrade | null;
  wet: LabelGrade | null;
  noiseDb: number | null;
  noiseClass: NoiseClass | null;
  /** Three-peak mountain snowflake: tested for severe snow. */
  snow: boolean;
  ice: boolean;
};

/** What customers and staff both see of a tyre: `price` in pence per tyre fully fitted, VAT included. */
export type TyreBasics = {
  id: number;
  brand: string;
  pattern: string;
  size: string;
  loadIndex: number;
  /** A van tyre's dual fitment load index (102 of 104/102), else null. */
  loadIndexDual: number | null;
  speedRating: string;
  season: Season;
  runFlat: boolean;
  extraLoad: boolean;
  tier: TyreTier;
  price: number;
};

/** One tyre of GET /api/tyres: its label, when it can be fitted and its page's slug besides. */
export type TyreOffer = TyreBasics & {
  label: TyreLabel;
  fittedFrom: string | null;
  availability: TyreAvailability;
  /** Its page is /tyres/{size}/{slug} (tyre-slug.ts). */
  slug: string;
};

export type TyreSearchAnswer = { size: string; items: TyreOffer[]; alternatives: TyreOffer[] };

/**
 * A tyre's own page: the tyre with its EAN, and when each of the quantities priced (1, 2 and 4)
 * can be fitted; or, when no tyre on offer has the slug, the name of a tyre of the size that had
 * it and is no longer offered (else null).
 */
export type TyrePageAnswer =
  | {
      found: true;
      offer: TyreOffer;
      ean: string | null;
      quantities: { quantity: number; fittedFrom: string | null; availability: TyreAvailability }[];
    }
  | { found: false; withdrawn: string | null };

/** What GET /api/tyres and the size pages search for. */
export type TyreSearch = {
  size: ParsedTyreSize;
  sort: TyreSort;
  season?: Season;
  runFlat?: boolean;
  brand?: string;
  /** Only tyres that can be fitted by tomorrow. */
  tomorrow?: boolean;
  /** Only tyres of this range (budget, mid-range, premium). */
  tier?: TyreTier;
  /** How many tyres the customer wants: where they come from, and so when, depends on it. */
  quantity: number;
};

export const tyreSorts = ['price', 'wet', 'fuel', 'noise'] as const;
export type TyreSort = (typeof tyreSorts)[number];

export const tyreSortNames: Record<TyreSort, string> = {
  price: 'Lowest price',
  wet: 'Best wet grip',
  fuel: 'Best fuel efficiency',
  noise: 'Quietest',
};

/** How many tyres a customer may book at once: a set of four and a spare or two. */
export const maxTyreQuantity = 6;

const gradeRank = (grade: string | null) => (grade === null ? 99 : grade.charCodeAt(0));

/**
 * Orders tyres by `sort`, then by price, then by brand, whatever their tier (a customer who asks
 * for the best wet grip sees it first, not the budget tyres'); those that cannot be fitted come
 * after all that can, and a tyre without the grade sorted by after those with one.
 */
export function compareOffers(sort: TyreSort) {
  const key = (offer: TyreOffer): number => {
    switch (sort) {
      case 'price':
        return offer.price;
      case 'wet':
        return gradeRank(offer.label.wet);
      case 'fuel':
        return gradeRank(offer.label.fuel);
      case 'noise':
        return offer.label.noiseDb ?? 999;
    }
  };
  const unavailable = (offer: TyreOffer) => (offer.fittedFrom === null ? 1 : 0);
  return (a: TyreOffer, b: TyreOffer) =>
    unavailable(a) - unavailable(b) ||
    key(a) - key(b) ||
    a.price - b.price ||
    a.brand.localeCompare(b.brand) ||
    a.id - b.id;
}

/**
 * The tyre to offer in place of `offer`, which cannot be booked: of those of `offers` that can,
 * one of the same tier nearest in price, else the one nearest in price; null when none can.
 */
export function nearestBookable(offer: TyreOffer, offers: readonly TyreOffer[]): TyreOffer | null {
  let nearest: TyreOffer | null = null;
  const distance = (other: TyreOffer) =>
    (other.tier === offer.tier ? 0 : 1_000_000_000) + Math.abs(other.price - offer.price);
  for (const other of offers) {
    if (other.fittedFrom === null || other.id === offer.id) continue;
    if (nearest === null || distance(other) < distance(nearest)) nearest = other;
  }
  return nearest;
}

/**
 * What identifies a tyre in a price file without an EAN: brand, pattern, size, load index and
 * speed rating, written without case, accents or spacing.
 */
export const tyreMatchKey = (
  tyre: TyreSize & { brand: string; pattern: string; loadIndex: number; speedRating: string },
) =>
  [
    brandKey(tyre.brand),
    brandKey(tyre.pattern),
    sizeText(tyre),
    tyre.loadIndex,
    tyre.speedRating.toUpperCase(),
  ].join('|');
