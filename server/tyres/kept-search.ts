import { maxTyreQuantity, type TyreSearch, type TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import type { TyreSize } from '#common/tyres/size.ts';
import { keptFor } from '#common/util/kept-for.ts';
import type { BusinessSettings } from '#common/settings/domains.ts';
import { availabilityChanges, availabilityKeptMs } from '../bookings/availability.ts';
import type { BookingDependencies } from '../bookings/dependencies.ts';
import type { Database } from '../db/client.ts';
import { keptState, type KeptMemory } from '../db/staff-data.ts';
import { prepareJson, type PreparedJson } from '../http/prepared-json.ts';
import { forgetKeptRows, onCatalogueChange, searchTyres, searchWorld, sizesOnOffer } from './offers.ts';

/**
 * The tyre searches' answers kept between changes (docs/decisions/024): each written out once,
 * and compressed once in each encoding a client asks for (http/prepared-json.ts), kept per size until something changes that size's tyres, in this process or
 * another, and then made again. The database announces on `staff_data_changed` the sizes each
 * statement changed (`tyres 205/55/16 195/65/15`), or none when there are too many to name
 * (`tyres`). A change made here forgets them all as it is made, before its announcement arrives.
 * Nothing is kept before the process hears the announcements, nor while it cannot: each search
 * is then worked out as before (kept for seconds, offers.ts).
 */

/** A size as the database names it in its announcements. */
const sizeKey = ({ width, profile, rim }: TyreSize) => `${width}/${profile}/${rim}`;

type KeptAnswer = {
  answer: Promise<PreparedJson>;
  /** The answer once it is made and stands (what `ready` sends without waiting). */
  made?: PreparedJson;
  /** The search, to make it again once it is forgotten. */
  search: TyreSearch;
  /** It shows stand-ins of other sizes (none of its own can be fitted), which any change may alter. */
  standIns: boolean;
};

/** Past this many answers, the size asked for longest ago goes (about 30 kB each with its encodings). */
const maxAnswers = 4_000;

/**
 * The quantities whose plain answer (lowest price first, no filters) is made for every size once
 * a price file is imported here, before customers ask: one tyre (the size pages' first choice)
 * and a pair, most mobile fittings.
 */
const preparedQuantities = [1, 2].filter((quantity) => quantity <= maxTyreQuantity);

/**
 * Waits this long after a change for more before making answers again: an import's batches come
 * a fraction of a second apart, and answers made between them would be thrown away.
 */
const settleMs = 1_000;

/**
 * Answers made again together: their sizes' tyres are read in one statement (offers.ts), and the
 * customers' requests go between one group and the next.
 */
const makingTogether = 20;

type KeptSearches = KeptMemory & {
  /** The dependencies the answers are made with (the app's), also those made before anyone asks. */
  use(deps: BookingDependencies): void;
  /** GET /api/tyres's answer: the kept one, else worked out, written out and kept. */
  answer(deps: BookingDependencies, search: TyreSearch): Promise<PreparedJson>;
  /**
   * The kept answer of `search` if it is made and what it was made from is known to stand at
   * once (the settings in force, the day, the open days: see `World`), else undefined: the
   * search is then asked for with `answer`, which checks them.
   */
  ready(search: TyreSearch): PreparedJson | undefined;
  /** How many answers are kept. */
  readonly size: number;
};

/** A search, whatever order its fields came in (once per search: the routes keep a search per address). */
const variants = new WeakMap<TyreSearch, string>();
const variantOf = (search: TyreSearch) => keptFor(variants, search, writeVariant);

const writeVariant = ({ size, sort, season, runFlat, brand, tomorrow, tier, quantity }: TyreSearch) =>
  JSON.stringify([
    sizeKey(size),
    size.loadIndex,
    size.speedRating,
    sort,
    season,
    runFlat,
    brand,
    tomorrow,
    tier,
    quantity,
  ]);

/**
 * What the answers last asked for were made from (offers.ts `searchWorld`: the settings in force,
 * the day and the days with a fitting window), by its key's number, as a search found it at `at`
 * (the clock's ms), with what this process had changed of the open windows then
 * (`availabilityChanges`). The answers `ready` gives were made from it while the settings and those
 * changes are the same, within the minute it was found in, and for as long as the open windows
 * themselves are kept: a window another process fills shows here as soon as it does in them.
 */
type World = { id: number; settings: BusinessSettings; at: number; windowChanges: number };

const standsAt = (world: World, now: number) =>
  now >= world.at &&
  now - world.at < availabilityKeptMs &&
  Math.floor(now / 60_000) === Math.floor(world.at / 60_000);

/** The answers of a search worked out without keeping (changes not heard), written out once each. */
const unkeptAnswers = new WeakMap<TyreSearchAnswer, PreparedJson>();

/**
 * A number for each world's key, which names it in the answers' keys: a key names every open
 * day, too long to be read again for every request. Never given twice, so that once they are
 * forgotten (past a hundred) an answer's key names no other world.
 */
function worldNumbers() {
  const ids = new Map<string, number>();
  let last = 0;
  return (key: string) => {
    let id = ids.get(key);
    if (id === undefined) {
      if (ids.size >= 100) ids.clear();
      id = ++last;
      ids.set(key, id);
    }
    return id;
  };
}

/**
 * The kept answers by size, then by the search and what it depends on; sizes in the order last
 * asked for, the one asked for longest ago the first to go past `maxAnswers`.
 */
function answersBySize() {
  const bySize = new Map<string, Map<string, KeptAnswer>>();
  let count = 0;
  /** Forgets a size's answers; returns them. */
  const drop = (size: string): KeptAnswer[] => {
    const answers = bySize.get(size);
    if (!answers) return [];
    count -= answers.size;
    bySize.delete(size);
    return [...answers.values()];
  };
  return {
    get count() {
      return count;
    },
    sizes: () => [...bySize.keys()],
    /** The sizes with an answer that shows stand-ins, which any change may alter. */
    sizesShowingStandIns: () =>
      [...bySize]
        .filter(([, answers]) => [...answers.values()].some((kept) => kept.standIns))
        .map(([size]) => size),
    drop,
    find: (size: string, variant: string) => bySize.get(size)?.get(variant),
    /** The answers of `size`, asked for now: the last size to go. */
    asked(size: string) {
      const answers = bySize.get(size) ?? new Map<string, KeptAnswer>();
      bySize.delete(size);
      bySize.set(size, answers);
      return answers;
    },
    add(answers: Map<string, KeptAnswer>, variant: string, kept: KeptAnswer) {
      answers.set(variant, kept);
      count += 1;
      while (count > maxAnswers) drop(bySize.keys().next().value!);
    },
    remove(size: string, variant: string, kept: KeptAnswer) {
      const answers = bySize.get(size);
      if (answers?.get(variant) !== kept) return;
      answers.delete(variant);
      count -= 1;
      if (answers.size === 0) bySize.delete(size);
    },
  };
}

/** The plain searches (lowest price first, no filters) of every size on offer, at each prepared quantity. */
async function plainSearches(db: Database): Promise<TyreSearch[]> {
  const sizes = await sizesOnOffer(db).catch(() => []);
  return preparedQuantities.flatMap((quantity) =>
    sizes.map((size): TyreSearch => ({
      size: { ...size, loadIndex: null, speedRating: null },
      sort: 'price',
      quantity,
    })),
  );
}

/** Whether what `world` was made from stands now: the same settings, open windows and minute. */
const worldStands = (world: World, deps: BookingDependencies, db: Database) =>
  deps.settingsNow !== undefined &&
  standsAt(world, deps.clock().getTime()) &&
  deps.settingsNow() === world.settings &&
  availabilityChanges(db) === world.windowChanges;

function createKeptSearches(db: Database): KeptSearches {
  const store = answersBySize();
  /** Moved on at each change: an answer worked out before it is not kept. */
  let changes = 0;
  /** The dependencies of the searches asked for, to make answers again with. */
  let deps: BookingDependencies | undefined;
  /** The searches to make again once changes settle, and whether every size's plain ones are. */
  const toMake = new Map<string, TyreSearch>();
  let everySize = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let world: World | undefined;
  const worldIdOf = worldNumbers();

  /** Notes forgotten answers, to be made again once changes settle. */
  const makeLater = (answers: readonly KeptAnswer[]) => {
    for (const kept of answers) toMake.set(variantOf(kept.search), kept.search);
  };

  // Every size forgotten (a change made here, whose sizes the hooks do not know, or an import's
  // batch): made again as customers ask, not all at once, or each booking would have every kept
  // answer made again.
  const state = keptState(() => {
    changes += 1;
    for (const size of store.sizes()) store.drop(size);
  });

  /** Forgets the answers of `sizes` and those showing stand-ins; all of them when none are named. */
  const forget = (sizes: readonly string[] | undefined, imported: boolean) => {
    changes += 1;
    if (sizes === undefined) {
      state.forget();
      if (imported) everySize = true;
    } else {
      for (const size of sizes) makeLater(store.drop(size));
      for (const size of store.sizesShowingStandIns()) makeLater(store.drop(size));
    }
    forgetKeptRows(db);
    schedule();
  };

  const schedule = () => {
    if (!state.heard || !deps || (toMake.size === 0 && !everySize)) return;
    clearTimeout(timer);
    const given = deps;
    timer = setTimeout(() => void makeAgain(given), settleMs);
    timer.unref();
  };

  /** Makes the forgotten answers again, a group at a time, leaving the customers' requests between them. */
  const makeAgain = async (given: BookingDependencies) => {
    const since = changes;
    const searches = [...toMake.values()];
    toMake.clear();
    if (everySize) {
      everySize = false;
      searches.push(...(await plainSearches(db)));
    }
    for (let index = 0; index < searches.length; index += makingTogether) {
      if (!state.heard) return;
      if (changes !== since) {
        // Another change came: what is left waits for the next round, after it settles.
        for (const left of searches.slice(index)) toMake.set(variantOf(left), left);
        schedule();
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(
        searches
          .slice(index, index + makingTogether)
          .map((search) => answer(given, search).catch(() => undefined)),
      );
    }
  };

  const answer = async (given: BookingDependencies, search: TyreSearch): Promise<PreparedJson> => {
    if (!state.heard) {
      return keptFor(unkeptAnswers, await searchTyres(given, search), prepareJson);
    }
    const size = sizeKey(search.size);
    // What stands now, noted before it is worked out: a change while it is means it does not.
    const at = given.clock().getTime();
    const windowChanges = availabilityChanges(db);
    const { key, settings } = await searchWorld(given);
    world = { id: worldIdOf(key), settings, at, windowChanges };
    const variant = `${world.id} ${variantOf(search)}`;
    const answers = store.asked(size);
    const found = answers.get(variant);
    if (found) return found.answer;

    const since = changes;
    const kept: KeptAnswer = {
      search,
      standIns: false,
      answer: searchTyres(given, search).then((worked) => {
        kept.standIns = !worked.items.some((offer) => offer.fittedFrom !== null);
        return prepareJson(worked);
      }),
    };
    store.add(answers, variant, kept);
    // A failed search is not kept, nor one worked out from what a change has since replaced.
    kept.answer.then(
      (made) => {
        if (changes !== since) store.remove(size, variant, kept);
        else kept.made = made;
      },
      () => store.remove(size, variant, kept),
    );
    return kept.answer;
  };

  const ready = (search: TyreSearch): PreparedJson | undefined => {
    if (!state.heard || !world || !deps || !worldStands(world, deps, db)) return undefined;
    const size = sizeKey(search.size);
    const made = store.find(size, `${world.id} ${variantOf(search)}`)?.made;
    // Asked for now: the last size to go.
    if (made) store.asked(size);
    return made;
  };

  onCatalogueChange(db, ({ imported }) => forget(undefined, imported));

  return {
    use: (given) => {
      deps = given;
    },
    answer,
    ready,
    forget: (detail?: string) => forget(detail ? detail.split(' ') : undefined, false),
    suspend: () => {
      state.suspend();
      toMake.clear();
      everySize = false;
    },
    resume: () => {
      state.resume();
      forgetKeptRows(db);
    },
    get size() {
      return store.count;
    },
  };
}

const kept = new WeakMap<Database, KeptSearches>();

/** The searches kept for `db`: one for the routes and the announcements alike. */
export const keptSearches = (db: Database) => keptFor(kept, db, createKeptSearches);
