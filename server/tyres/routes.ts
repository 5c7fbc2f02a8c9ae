import { Router, type Request, type Response } from 'express';
import * as z from 'zod/mini';
import { maxTyreQuantity, seasons, tyreSorts, type TyreSearch } from '#common/tyres/catalogue.ts';
import { tyreTiers } from '#common/tyres/pricing.ts';
import { parseTyreSize } from '#common/tyres/size.ts';
import type { BookingDependencies } from '../bookings/dependencies.ts';
import { blankAsMissing, parseQuery, textParam, wholeNumberParam } from '../http/params.ts';
import type { KeptRead } from '../http/kept-reads.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { keptSearches } from './kept-search.ts';
import { sizesOnOffer } from './offers.ts';

const sizeMessage = 'size must be a tyre size, for example 205/55R16.';

const flagValues = ['true', '1', 'false', '0'] as const;

/** A yes or no in a query parameter: true or 1, false or 0. */
export const flagParam = (name: string) =>
  z.pipe(
    z.enum(flagValues, `${name} must be true or false.`),
    z.transform((value: (typeof flagValues)[number]) => value === 'true' || value === '1'),
  );

/** The query of GET /api/tyres; an empty parameter counts as not given. */
const tyreQuerySchema = z.object({
  size: blankAsMissing(
    z.pipe(
      z.string(sizeMessage),
      z.transform((text: string, ctx) => {
        const size = parseTyreSize(text);
        if (size) return size;
        ctx.issues.push({ code: 'custom', message: sizeMessage, input: text });
        return z.NEVER;
      }),
    ),
  ),
  quantity: blankAsMissing(z._default(wholeNumberParam('quantity', 1, maxTyreQuantity), 1)),
  brand: blankAsMissing(z.optional(textParam('brand').check(z.maxLength(40, 'brand is too long.')))),
  sort: blankAsMissing(
    z._default(z.enum(tyreSorts, `sort must be one of ${tyreSorts.join(', ')}.`), 'price'),
  ),
  season: blankAsMissing(z.optional(z.enum(seasons, `season must be one of ${seasons.join(', ')}.`))),
  runflat: blankAsMissing(z.optional(flagParam('runflat'))),
  tomorrow: blankAsMissing(z.optional(flagParam('tomorrow'))),
  tier: blankAsMissing(z.optional(z.enum(tyreTiers, `tier must be one of ${tyreTiers.join(', ')}.`))),
});

/** The search GET /api/tyres asks for, from its query. */
function tyreSearchOf(req: Request): TyreSearch {
  const { size, quantity, brand, sort, season, runflat, tomorrow, tier } = parseQuery(tyreQuerySchema, req);
  return { size, sort, season, runFlat: runflat, brand, tomorrow, tier, quantity };
}

/**
 * The searches of the addresses asked for lately. An address is always the same search (its query
 * read as above), and customers ask for the same few over and over (a size's page, its sorts):
 * each is read once rather than at every request, by Express's query parser and the schema.
 */
const searchesByUrl = new Map<string, Readonly<TyreSearch>>();
const rememberedSearches = 2_000;

function searchAskedFor(req: Request): Readonly<TyreSearch> {
  let search = searchesByUrl.get(req.url);
  if (!search) {
    search = Object.freeze(tyreSearchOf(req));
    if (searchesByUrl.size >= rememberedSearches) searchesByUrl.clear();
    searchesByUrl.set(req.url, search);
  }
  return search;
}

/**
 * GET /api/tyres, answered ahead of the middleware (http/kept-reads.ts) from the kept answers: at
 * once when the address was read before and its answer is made and stands.
 */
export function keptSearch(deps: BookingDependencies): KeptRead {
  const kept = keptSearches(deps.db);
  kept.use(deps);
  return {
    path: '/api/tyres',
    answer: (req) => kept.answer(deps, searchAskedFor(req)),
    ready: (req) => {
      const search = searchesByUrl.get(req.url!);
      return search && kept.ready(search);
    },
  };
}

/** The public side of the catalogue: GET /tyres/sizes and GET /tyres. */
export function publicTyresRouter(deps: BookingDependencies) {
  const router = Router();
  router.get('/tyres/sizes', listSizes(deps));
  router.get('/tyres', searchTyres(deps));
  return router;
}

/** GET /tyres/sizes: the sizes on offer. */
function listSizes({ db }: BookingDependencies) {
  return async (_req: Request, res: Response) => {
    res.json(await sizesOnOffer(db));
  };
}

/** GET /tyres: the tyres of a size on offer, as the query sorts and filters them. */
function searchTyres(deps: BookingDependencies) {
  return async (req: Request, res: Response) => {
    sendPreparedJson(req, res, await keptSearches(deps.db).answer(deps, searchAskedFor(req)));
  };
}
