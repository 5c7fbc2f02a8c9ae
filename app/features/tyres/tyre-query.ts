import {
  maxTyreQuantity,
  seasons,
  tyreSorts,
  type Season,
  type TyreSearch,
  type TyreSort,
} from '#common/tyres/catalogue.ts';
import { tyreTiers, type TyreTier } from '#common/tyres/pricing.ts';
import type { TyreSize } from '#common/tyres/size.ts';
import { oneOf } from '#common/util/words.ts';

/**
 * The size pages' choices as their address carries them (`?sort=wet&quantity=2&season=winter`),
 * read leniently: a value that is not one of the choices counts as not given, so that a shared
 * or mistyped link still shows the tyres.
 */
export type TyreChoices = {
  sort: TyreSort;
  quantity: number;
  season: Season | '';
  brand: string;
  tier: TyreTier | '';
  runFlat: boolean;
  tomorrow: boolean;
};

export function tyreChoicesOf(params: URLSearchParams): TyreChoices {
  const quantity = Number(params.get('quantity'));
  return {
    sort: oneOf(tyreSorts, params.get('sort')) ?? 'price',
    quantity: Number.isInteger(quantity) && quantity >= 1 && quantity <= maxTyreQuantity ? quantity : 1,
    season: oneOf(seasons, params.get('season')) ?? '',
    brand: (params.get('brand') ?? '').trim().slice(0, 40),
    tier: oneOf(tyreTiers, params.get('tier')) ?? '',
    runFlat: params.get('runflat') === 'true' || params.get('runflat') === 'on',
    tomorrow: params.get('tomorrow') === 'true' || params.get('tomorrow') === 'on',
  };
}

/** The search a size page makes for its choices. */
export const tyreSearchFor = (size: TyreSize, choices: TyreChoices): TyreSearch => ({
  size: { ...size, loadIndex: null, speedRating: null },
  sort: choices.sort,
  quantity: choices.quantity,
  ...(choices.season && { season: choices.season }),
  ...(choices.brand && { brand: choices.brand }),
  ...(choices.tier && { tier: choices.tier }),
  ...(choices.runFlat && { runFlat: true }),
  ...(choices.tomorrow && { tomorrow: true }),
});

/** Short London dates of the results: "Wed 25 Nov". */
// Its own rather than common/time/formats.ts `shortDayText` (the same words): the tyre pages'
// scripts stay within their budget without the booking's words they would bring.
export const shortDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
