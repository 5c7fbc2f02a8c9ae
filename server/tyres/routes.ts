import { Router, type Request, type Response } from 'express';
import { maxTyreQuantity, seasons, tyreSorts, type TyreSearch } from '#common/tyres/catalogue.ts';
import { parseTyreSize } from '#common/tyres/size.ts';
import type { BookingDependencies } from '../bookings/dependencies.ts';
import { HttpError } from '../http/errors.ts';
import { queryOneOf, queryText as queryParam } from '../http/params.ts';
import type { KeptRead } from '../http/kept-reads.ts';
import { sendPreparedJson } from '../http/prepared-json.ts';
import { keptSearches } from './kept-search.ts';
import { sizesOnOffer } from './offers.ts';

/** A query parameter given at most once, or undefined; an empty one counts as not given. */
const queryText = (req: Request, name: string) => queryParam(req, name) || undefined;

function queryFlag(req: Request, name: string): boolean | undefined {
  const value = queryText(req, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new HttpError(400, `${name} must be true or false.`);
}

/** The search GET /api/tyres asks for, from its query. */
function tyreSearchOf(req: Request): TyreSearch {
  const sizeParam = queryText(req, 'size');
  const size = sizeParam === undefined ? null : parseTyreSize(sizeParam);
  if (!size) throw new HttpError(400, 'size must be a tyre size, for example 205/55R16.');
  const quantity = queryText(req, 'quantity') ?? '1';
  if (!/^[1-9]$/.test(quantity) || Number(quantity) > maxTyreQuantity) {
    throw new HttpError(400, `quantity must be a whole number from 1 to ${maxTyreQuantity}.`);
  }
  const brand = queryText(req, 'brand');
  if (brand !== undefined && brand.length > 40) throw new HttpError(400, 'brand is too long.');
  return {
    size,
    sort: queryOneOf(req, 'sort', tyreSorts) ?? 'price',
    season: queryOneOf(req, 'season', seasons),
    runFlat: queryFlag(req, 'runflat'),
    brand,
    tomorrow: queryFlag(req, 'tomorrow'),
    quantity: Number(quantity),
  };
}

/**
 * The searches of the addresses asked for lately. An address is always the same search (its query
 * read as above), and customers ask for the same few over and over (a size's page, its sorts):
 * each is read once rather than by Express's query parser, which reads the whole query again for
 * every parameter asked of it.
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
