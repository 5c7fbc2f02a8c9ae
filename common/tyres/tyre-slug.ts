import type { TyreBasics } from './catalogue.ts';
import { loadIndexText, sizeSlug, sizeText, type TyreSize } from './size.ts';

/**
 * A tyre's page address: /tyres/205-55-r16/michelin-primacy-4-plus-94v. The slug is the brand,
 * pattern, load index (and dual load index) and speed rating, lower-case and hyphenated, so it
 * stays the same for as long as those do (a new price, stock or label leaves it alone).
 */

/** What a slug is made of (the season as the catalogue's rows store it). */
type SluggedTyre = Pick<
  TyreBasics,
  'id' | 'brand' | 'pattern' | 'loadIndex' | 'loadIndexDual' | 'speedRating' | 'runFlat' | 'extraLoad'
> & { season: string };

/** Lower-case words joined by hyphens, accents dropped, "+" read as "plus" (Primacy 4+). */
const slugWords = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** michelin-primacy-4-plus-94v, or a van tyre's continental-vancontact-winter-109-107r. */
export const tyreSlugBase = (tyre: SluggedTyre) =>
  slugWords(`${tyre.brand} ${tyre.pattern} ${loadIndexText(tyre)}${tyre.speedRating}`);

/** What tells two tyres of one slug apart, as their sidewalls say it: xl, run-flat, the season. */
const marks = (tyre: SluggedTyre) =>
  [tyre.extraLoad && 'xl', tyre.runFlat && 'run-flat', tyre.season !== 'summer' && tyre.season].filter(
    (mark): mark is string => typeof mark === 'string',
  );

/**
 * The slug of each tyre, by id. Tyres of one size with the same slug are told apart by the order
 * they joined the catalogue (their id): the first keeps the plain slug, a later one adds its
 * marks (…-94v-xl) or, when those do not tell it apart either, its id (…-94v-1234). So a tyre's
 * slug never changes when a newer one arrives, and the same catalogue always gives the same
 * slugs. Tyres of different sizes never share an address, so they may share a slug.
 */
export function tyreSlugs(tyres: readonly (SluggedTyre & TyreSize)[]): Map<number, string> {
  const slugs = new Map<number, string>();
  const taken = new Set<string>();
  for (const tyre of [...tyres].sort((a, b) => a.id - b.id)) {
    const size = sizeText(tyre);
    const base = tyreSlugBase(tyre);
    const marked = [base, ...marks(tyre)].join('-');
    const slug = [base, marked, `${base}-${tyre.id}`].find(
      (candidate) => !taken.has(`${size} ${candidate}`),
    )!;
    taken.add(`${size} ${slug}`);
    slugs.set(tyre.id, slug);
  }
  return slugs;
}

/** /tyres/205-55-r16/michelin-primacy-4-plus-94v */
export const tyrePagePath = (size: TyreSize, slug: string) => `/tyres/${sizeSlug(size)}/${slug}`;

/** Whether a page address's last part can be a slug at all (anything else is not looked up). */
export const isTyreSlug = (text: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text) && text.length <= 160;
