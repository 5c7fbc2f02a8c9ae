import { and, avg, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { LatLng } from '#common/routing/geo.ts';
import { isPostcode, normalisePostcode, outwardCode } from '#common/site-content/postcode.ts';
import type { Database } from '../db/client.ts';
import { postcodePlaces } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { districtCentres } from './district-centres.ts';
import { askPostcode, askPostcodes, postcodesPerRequest, type PostcodesAnswer } from './postcodes-io.ts';
import type { RoutingServiceNotes } from './status.ts';

/**
 * Where a postcode is, for the routes: kept 90 days in `postcode_places` as postcodes.io gave it,
 * asked again after. While postcodes.io cannot answer, a postcode is placed at its district's
 * centre (the average of the district's postcodes kept, of any age, else the centre shipped in
 * district-centres.ts), which is near enough to quote a call-out and never kept as the
 * postcode's own place. A postcode postcodes.io does not know is not found, and nothing is kept.
 */

export const postcodeNotFoundMessage = 'We could not find that postcode';

/** Where a postcode is: its own place, or its district's centre while postcodes.io is down. */
export type Place = LatLng & {
  /** As normalised: `RM3 0AB`. */
  postcode: string;
  /** How it was placed: by the postcode itself, or by its district's centre. */
  source: 'postcode' | 'district';
};

export type PlaceAnswer =
  | { kind: 'found'; place: Place }
  | { kind: 'not-found' }
  /** postcodes.io could not answer and the district's centre is not known either. */
  | { kind: 'unavailable'; reason: string };

export type PlaceDependencies = {
  db: Database;
  postcodes: { apiUrl: string };
  clock: () => Date;
  logger: Logger;
  /** How long postcodes.io is waited for (tests shorten it); postcodes-io.ts' default otherwise. */
  timeoutMs?: number;
  /** Where postcodes.io's answers are noted for staff (status.ts). */
  notes?: RoutingServiceNotes;
};

/** How long a postcode's place is kept before postcodes.io is asked again. */
export const placesKeptDays = 90;

const dayMs = 24 * 60 * 60 * 1000;

/** Where `postcode` is (any spacing or case). */
export async function placeOf(deps: PlaceDependencies, postcode: string): Promise<PlaceAnswer> {
  const answers = await placesOf(deps, [postcode]);
  return answers.get(normalisePostcode(postcode)) ?? { kind: 'not-found' };
}

/**
 * Where each of `postcodes` is, keyed by the postcode as normalised (`RM3 0AB`). Those kept
 * within 90 days are answered from `postcode_places`; the rest are asked of postcodes.io, one
 * request for one postcode and one bulk request for each hundred otherwise.
 */
export async function placesOf(
  deps: PlaceDependencies,
  postcodes: readonly string[],
): Promise<Map<string, PlaceAnswer>> {
  const answers = new Map<string, PlaceAnswer>();
  const wanted = [...new Set(postcodes.map(normalisePostcode))];
  const wellFormed = wanted.filter((postcode) => {
    if (isPostcode(postcode)) return true;
    answers.set(postcode, { kind: 'not-found' });
    return false;
  });
  if (wellFormed.length === 0) return answers;

  const kept = await deps.db
    .select({
      postcode: postcodePlaces.postcode,
      latitude: postcodePlaces.latitude,
      longitude: postcodePlaces.longitude,
    })
    .from(postcodePlaces)
    .where(
      and(
        inArray(postcodePlaces.postcode, wellFormed),
        gt(postcodePlaces.lookedUpAt, new Date(deps.clock().getTime() - placesKeptDays * dayMs)),
      ),
    );
  for (const row of kept) {
    answers.set(row.postcode, { kind: 'found', place: { ...row, source: 'postcode' } });
  }

  const toAsk = wellFormed.filter((postcode) => !answers.has(postcode));
  for (let start = 0; start < toAsk.length; start += postcodesPerRequest) {
    const batch = toAsk.slice(start, start + postcodesPerRequest);
    const asked = await askPostcodesIo(deps, batch);
    if (asked.kind === 'unavailable') {
      for (const postcode of batch)
        answers.set(postcode, await districtPlace(deps.db, postcode, asked.reason));
      continue;
    }
    const found: (LatLng & { postcode: string })[] = [];
    for (const postcode of batch) {
      const answer = asked.answers.get(postcode);
      if (answer?.kind === 'found') {
        found.push({ postcode, ...answer.place });
        answers.set(postcode, { kind: 'found', place: { postcode, ...answer.place, source: 'postcode' } });
      } else {
        answers.set(postcode, { kind: 'not-found' });
      }
    }
    await keepPlaces(deps.db, found, deps.clock());
  }
  return answers;
}

/** postcodes.io asked about a batch: each postcode's answer, or why it could not answer. */
async function askPostcodesIo(
  { postcodes, timeoutMs, logger, notes }: PlaceDependencies,
  batch: readonly string[],
): Promise<
  { kind: 'answered'; answers: Map<string, PostcodesAnswer> } | { kind: 'unavailable'; reason: string }
> {
  const access = { apiUrl: postcodes.apiUrl, ...(timeoutMs && { timeoutMs }) };
  let answers: Map<string, PostcodesAnswer>;
  if (batch.length === 1) {
    const answer = await askPostcode(access, batch[0]!);
    if (answer.kind === 'unavailable') return failed(answer.reason);
    answers = new Map([[batch[0]!, answer]]);
  } else {
    const answer = await askPostcodes(access, batch);
    if (!(answer instanceof Map)) return failed(answer.reason);
    answers = answer;
  }
  await notes?.success('postcodes');
  return { kind: 'answered', answers };

  async function failed(reason: string) {
    logger.warn({ reason, postcodes: batch.length }, 'postcodes.io look-up failed');
    await notes?.failure('postcodes', reason);
    return { kind: 'unavailable' as const, reason };
  }
}

/** Keeps postcodes.io's places, each as looked up `at`. */
async function keepPlaces(db: Database, places: readonly (LatLng & { postcode: string })[], at: Date) {
  if (places.length === 0) return;
  await db
    .insert(postcodePlaces)
    .values(places.map((place) => ({ ...place, district: outwardCode(place.postcode), lookedUpAt: at })))
    .onConflictDoUpdate({
      target: postcodePlaces.postcode,
      set: {
        district: sql`excluded.district`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        lookedUpAt: sql`excluded.looked_up_at`,
      },
    });
}

/**
 * The postcode placed at its district's centre: the average of the district's postcodes kept
 * (of any age), else the centre shipped; a sub-district's (`WC1E`, `E1W`) is its district's
 * (`WC1`, `E1`) where its own is not known. Unavailable when none is known.
 */
async function districtPlace(db: Database, postcode: string, reason: string): Promise<PlaceAnswer> {
  const district = outwardCode(postcode);
  const parent = /[0-9][A-Z]$/.test(district) ? district.slice(0, -1) : null;
  const centre =
    (await keptCentre(db, district)) ??
    districtCentres[district] ??
    (parent ? ((await keptCentre(db, parent)) ?? districtCentres[parent]) : undefined);
  return centre
    ? {
        kind: 'found',
        place: { postcode, latitude: centre.latitude, longitude: centre.longitude, source: 'district' },
      }
    : { kind: 'unavailable', reason };
}

/** The average of a district's kept postcodes, of any age, or null when none is kept. */
async function keptCentre(db: Database, district: string): Promise<LatLng | null> {
  const [kept] = await db
    .select({
      postcodes: count(),
      latitude: avg(postcodePlaces.latitude).mapWith(Number),
      longitude: avg(postcodePlaces.longitude).mapWith(Number),
    })
    .from(postcodePlaces)
    .where(eq(postcodePlaces.district, district));
  return kept && kept.postcodes > 0 ? { latitude: kept.latitude, longitude: kept.longitude } : null;
}

/** Forgets the places looked up more than 90 days before `now`; answers how many went. */
export async function forgetOldPlaces(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(postcodePlaces)
    .where(lt(postcodePlaces.lookedUpAt, new Date(now.getTime() - placesKeptDays * dayMs)))
    .returning({ postcode: postcodePlaces.postcode });
  return gone.length;
}
