import { mobileLocation, type BookingSettings } from '#common/bookings/settings.ts';
import type { AvailabilityDay } from '#common/bookings/slots.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import {
  compareOffers,
  type TyreOffer,
  type TyreSearch,
  type TyreSearchAnswer,
} from '#common/tyres/catalogue.ts';
import { fittedFrom } from '#common/tyres/fitted-from.ts';
import { brandKey } from '#common/tyres/pricing.ts';
import { tyreSlugBase, tyreSlugs } from '#common/tyres/tyre-slug.ts';
import {
  loadAtLeast,
  sameSize,
  sizeText,
  speedAtLeast,
  speedRatings,
  withinDiameter,
  type ParsedTyreSize,
  type TyreSize,
} from '#common/tyres/size.ts';
import { keptFor } from '#common/util/kept-for.ts';
import type { Database } from '../db/client.ts';
import { GroupCommit } from '../db/group-commit.ts';
import { createReadCache } from '../http/read-cache.ts';
import { availability, settingsId } from '../bookings/availability.ts';
import type { BookingDependencies } from '../bookings/dependencies.ts';
import {
  offeredSizes,
  offeredTyresOf,
  ratingsOf,
  tyreBasics,
  tyreById,
  tyreStockOf,
  type TyreRow,
} from './catalogue.ts';

/**
 * What customers see of the catalogue: each offered tyre of a size with its fully fitted price,
 * its tier, where it would come from and the first day it can be fitted at the customer's
 * address, sorted and filtered as they ask; and, when nothing of the size can be fitted, the
 * tyres of sizes that can stand in for it.
 */

/**
 * What this process keeps of the catalogue: the offered sizes (for a second), each size's tyres
 * and the answers given (for thirty seconds: a search costs a database read and some
 * milliseconds of processor time otherwise, and with a thousand sizes asked for at random, ten
 * seconds left one search in twenty to be worked out again). Changes made here (stock, prices, an
 * import, a booking's tyres reserved or given back) clear them at once; another process's as soon
 * as the database's announcement of them is heard (kept-search.ts), else within thirty seconds,
 * while every booking is checked against the stock when it is stored.
 */
type KeptCatalogue = {
  sizes: ReturnType<typeof createReadCache<TyreSize[]>>;
  rows: ReturnType<typeof createReadCache<TyreRow[]>>;
  answers: ReturnType<typeof createReadCache<TyreSearchAnswer>>;
  /**
   * The reads of sizes not kept: those asked for while one read runs go together in the next
   * (when a thousand sizes are asked for at once, a handful of statements instead of a thousand
   * queued one behind the other on the database's thread).
   */
  reads: GroupCommit<TyreSize, TyreRow[]>;
  /**
   * Rows by id, as bookings read them (for seconds only: their stock is checked again when the
   * booking is stored); the reservations made here are applied to them.
   */
  byId: ReturnType<typeof createReadCache<TyreRow | undefined>>;
};
const keptMs = 30_000;
const kept = new WeakMap<Database, KeptCatalogue>();
const keptOf = (db: Database) =>
  keptFor(kept, db, () => ({
    sizes: createReadCache<TyreSize[]>({ ttlMs: 1_000 }),
    rows: createReadCache<TyreRow[]>({ ttlMs: keptMs }),
    answers: createReadCache<TyreSearchAnswer>({ ttlMs: keptMs }),
    reads: new GroupCommit((sizes: TyreSize[]) => readSizes(db, sizes), sizeText),
    byId: createReadCache<TyreRow | undefined>({ ttlMs: 5_000 }),
  }));

/** The offered tyres of each of `sizes`, in one statement. */
async function readSizes(db: Database, sizes: readonly TyreSize[]): Promise<TyreRow[][]> {
  const bySize = new Map(sizes.map((size) => [sizeText(size), [] as TyreRow[]]));
  for (const row of await offeredTyresOf(db, sizes)) bySize.get(sizeText(row))?.push(row);
  return sizes.map((size) => bySize.get(sizeText(size))!);
}

/**
 * What is told of each change this process makes to the catalogue: whether a price file replaced
 * the range (kept-search.ts forgets its answers and makes them again).
 */
type CatalogueChange = (change: { imported: boolean }) => void;
const changeListeners = new WeakMap<Database, CatalogueChange[]>();

/** Calls `listener` at each change this process makes to the catalogue of `db`. */
export function onCatalogueChange(db: Database, listener: CatalogueChange) {
  keptFor(changeListeners, db, () => []).push(listener);
}

/** Forgets the sizes, rows and answers kept here, without telling the listeners (another process changed them). */
export function forgetKeptRows(db: Database) {
  kept.get(db)?.sizes.clear();
  kept.get(db)?.rows.clear();
  kept.get(db)?.answers.clear();
}

/** Forgets the sizes, rows and answers kept (a booking's tyres were reserved here). */
function forgetOffers(db: Database, change = { imported: false }) {
  forgetKeptRows(db);
  for (const listener of changeListeners.get(db) ?? []) listener(change);
}

/**
 * Forgets what this process keeps of the catalogue (stock, prices or the range changed here;
 * `imported` when a price file was imported).
 */
export const forgetCatalogue = (db: Database, change = { imported: false }) => {
  forgetOffers(db, change);
  kept.get(db)?.byId.clear();
};

/** A tyre's row for a booking: kept for a few seconds, with the reservations made here since. */
export const keptTyre = (db: Database, id: number) => keptOf(db).byId.get(String(id), () => tyreById(db, id));

/** `quantity` of tyre `id` were reserved here for a booking. */
export function tyresReserved(db: Database, id: number, quantity: number) {
  forgetOffers(db);
  kept.get(db)?.byId.update(String(id), (row) => row && { ...row, reserved: row.reserved + quantity });
}

export const sizesOnOffer = (db: Database) => keptOf(db).sizes.get('sizes', () => offeredSizes(db));

/** The offered tyres of `size`, as kept (the rows every search of the size reads). */
export const tyresOfSize = (db: Database, size: TyreSize) => {
  const catalogue = keptOf(db);
  return catalogue.rows.get(sizeText(size), () => catalogue.reads.add(size));
};

/** Where tyres are fitted for "fitted from": the customer's address, else the first place that books. */
function fittingLocation(settings: BookingSettings): string | null {
  const enabled = settings.locations.filter((location) => location.enabled);
  return (enabled.find((location) => location.key === mobileLocation) ?? enabled[0])?.key ?? null;
}

/** The days with a window to fit tyres in (at the customer's address, else the first place that books). */
async function fittingDays(
  deps: BookingDependencies,
  business: BusinessSettings,
): Promise<AvailabilityDay[]> {
  const settings = business.booking;
  const location = fittingLocation(settings);
  return location ? availability(deps, { location, days: settings.horizonDays + 1 }) : [];
}

/**
 * Turns rows into offers, priced by the published rules and dated by the diary's `days`; their
 * slugs told apart among `slugs` (the offered tyres of their sizes).
 */
function offerMaker(
  deps: BookingDependencies,
  settings: BusinessSettings,
  days: readonly AvailabilityDay[],
  quantity: number,
  slugs: ReadonlyMap<number, string>,
) {
  const today = londonDate(deps.clock());
  return (row: TyreRow): TyreOffer => {
    const when = fittedFrom(tyreStockOf(row), quantity, days, today);
    return {
      ...tyreBasics(row, settings),
      label: {
        fuel: row.fuel as TyreOffer['label']['fuel'],
        wet: row.wet as TyreOffer['label']['wet'],
        noiseDb: row.noiseDb,
        noiseClass: row.noiseClass as TyreOffer['label']['noiseClass'],
        snow: row.snow,
        ice: row.ice,
      },
      fittedFrom: when.fittedFrom,
      availability: when.availability,
      slug: slugs.get(row.id) ?? tyreSlugBase(row),
    };
  };
}

/** One tyre as customers see it, for `quantity` of them; null when it is not offered. */
export async function offerOf(
  deps: BookingDependencies,
  id: number,
  quantity: number,
): Promise<TyreOffer | null> {
  const row = await tyreById(deps.db, id);
  if (!row || row.hidden || !row.available) return null;
  const settings = await deps.settings();
  const slugs = tyreSlugs(await tyresOfSize(deps.db, row));
  return offerMaker(deps, settings, await fittingDays(deps, settings), quantity, slugs)(row);
}

/** The customer's filters, as a test of an offer. */
function filterOf(search: TyreSearch, today: string) {
  const brand = search.brand ? brandKey(search.brand) : null;
  const tomorrow = addDays(today, 1);
  return (offer: TyreOffer) =>
    (search.season === undefined || offer.season === search.season) &&
    (search.runFlat === undefined || offer.runFlat === search.runFlat) &&
    (brand === null || brandKey(offer.brand) === brand) &&
    (search.tier === undefined || offer.tier === search.tier) &&
    (!search.tomorrow || (offer.fittedFrom !== null && offer.fittedFrom <= tomorrow));
}

/**
 * The load index and speed rating a stand-in must reach: those the customer gave with the size,
 * else the highest the catalogue lists in the size (so that no tyre it lists is ever replaced by
 * a weaker one); none when neither is known.
 */
async function neededRatings(db: Database, size: ParsedTyreSize) {
  const listed = await ratingsOf(db, size);
  const highestLoad = listed.reduce<number | null>((high, row) => Math.max(high ?? 0, row.loadIndex), null);
  const highestSpeed = listed.reduce<string | null>(
    (high, row) => (high === null || speedAtLeast(row.speedRating, high) ? row.speedRating : high),
    null,
  );
  return {
    loadIndex: size.loadIndex ?? highestLoad,
    speedRating:
      size.speedRating ?? (highestSpeed && Object.hasOwn(speedRatings, highestSpeed) ? highestSpeed : null),
  };
}

/** At most this many stand-ins are shown. */
const maxAlternatives = 24;

/**
 * What every answer depends on besides the catalogue: the settings in force (the price rules and
 * the VAT rate; a new object at each change), the day, and which days have a window to fit in; not on the minute, so that
 * answers are not all worked out again at once as each minute begins.
 */
export async function searchWorld(deps: BookingDependencies) {
  const settings = await deps.settings();
  const days = await fittingDays(deps, settings);
  const openDays = days.map((day) => day.date).join(' ');
  return { settings, days, key: `${settingsId(settings)} ${londonDate(deps.clock())} ${openDays}` };
}

/** GET /api/tyres: the size's tyres, and stand-ins when none of them can be fitted (kept, see above). */
export async function searchTyres(deps: BookingDependencies, search: TyreSearch): Promise<TyreSearchAnswer> {
  const { settings, days, key } = await searchWorld(deps);
  return keptOf(deps.db).answers.get(`${key} ${JSON.stringify(search)}`, () =>
    answerSearch(deps, search, (rows) => offerMaker(deps, settings, days, search.quantity, tyreSlugs(rows))),
  );
}

async function answerSearch(
  deps: BookingDependencies,
  search: TyreSearch,
  offersOf: (rows: readonly TyreRow[]) => (row: TyreRow) => TyreOffer,
): Promise<TyreSearchAnswer> {
  const today = londonDate(deps.clock());
  const wanted = filterOf(search, today);
  const order = compareOffers(search.sort);
  const sizeRows = await tyresOfSize(deps.db, search.size);
  const all = sizeRows.map(offersOf(sizeRows));
  const items = all.filter(wanted).sort(order);
  if (all.some((offer) => offer.fittedFrom !== null)) {
    return { size: sizeText(search.size), items, alternatives: [] };
  }
  const needed = await neededRatings(deps.db, search.size);
  const standIns = (await sizesOnOffer(deps.db)).filter(
    (size) => !sameSize(size, search.size) && withinDiameter(search.size, size),
  );
  // Each stand-in's size whole: its tyres' slugs are told apart among all of them.
  const rows = (await Promise.all(standIns.map((size) => tyresOfSize(deps.db, size)))).flat();
  const toOffer = offersOf(rows);
  const alternatives = rows
    .filter(
      (row) =>
        (needed.loadIndex === null || loadAtLeast(row.loadIndex, needed.loadIndex)) &&
        (needed.speedRating === null || speedAtLeast(row.speedRating, needed.speedRating)),
    )
    .map(toOffer)
    .filter((offer) => offer.fittedFrom !== null && wanted(offer))
    .sort(order)
    .slice(0, maxAlternatives);
  return { size: sizeText(search.size), items, alternatives };
}
