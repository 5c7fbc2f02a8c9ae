import { seasonNames, type Season, type TyreBasics, type TyreLabel } from './catalogue.ts';
import { loadIndexText } from './size.ts';
import { isSpeedRating, loadCapacityKg, speedRatings } from './size.ts';

/**
 * What a tyre's markings mean, in the words a tyre's own page uses: the load index as the
 * weight each tyre carries (the standard load-index table, `loadCapacityKg`), the speed rating
 * as the highest speed in km/h and mph, extra load, run-flat and the season.
 */

/** The speed each rating stands for in mph, as the standard gives it beside the km/h. */
export const speedRatingMph: Record<keyof typeof speedRatings, number> = {
  L: 75,
  M: 81,
  N: 87,
  P: 93,
  Q: 99,
  R: 106,
  S: 112,
  T: 118,
  U: 124,
  H: 130,
  V: 149,
  W: 168,
  Y: 186,
};

const kg = (index: number) => `${loadCapacityKg(index).toLocaleString('en-GB')} kg`;

/** "Load index 94: each tyre carries up to 670 kg." (a van tyre's dual index: twin wheels too). */
export function loadIndexWords(tyre: { loadIndex: number; loadIndexDual: number | null }): string {
  const single = `Load index ${tyre.loadIndex}: each tyre carries up to ${kg(tyre.loadIndex)}`;
  if (tyre.loadIndexDual === null) return `${single}.`;
  return `${single} on its own, or up to ${kg(tyre.loadIndexDual)} as one of a pair of twin wheels (load index ${tyre.loadIndexDual}).`;
}

/** "Speed rating V: made for speeds up to 240 km/h (149 mph)." */
export function speedRatingWords(rating: string): string {
  if (!isSpeedRating(rating)) return `Speed rating ${rating}.`;
  return `Speed rating ${rating}: made for speeds up to ${speedRatings[rating]} km/h (${speedRatingMph[rating]} mph).`;
}

export const extraLoadWords =
  'Extra load (XL): a reinforced tyre that carries more weight than a standard tyre of its size, at the higher pressure your car’s handbook gives for XL tyres.';

export const runFlatWords =
  'Run-flat: after a puncture you can keep driving for a short way (usually up to 50 miles at up to 50 mph) to get somewhere safe. Only for cars built for run-flat tyres, with tyre pressure monitoring.';

export const seasonWords: Record<Season, string> = {
  summer:
    'Summer tyre: made for UK roads most of the year, from mild to hot and wet; it grips less in snow and below about 7 °C.',
  winter:
    'Winter tyre: a softer compound and deeper sipes that grip in cold, snow and slush, below about 7 °C.',
  'all-season':
    'All-season tyre: one tyre all year, with good grip in the wet and cold and some in snow; a little less sharp than a summer tyre in the heat.',
};

/** The tyre class of the EU label: C1 for car tyres, C2 for van (C-type) tyres, marked with a dual load index. */
export const tyreClassOf = (tyre: { loadIndexDual: number | null }) =>
  tyre.loadIndexDual === null ? 'C1' : 'C2';

/**
 * The EU tyre label in words, as its picture's text alternative: "Fuel efficiency class C (of A,
 * best, to E). Wet grip class B (of A, best, to E). External rolling noise 72 dB, class B (of A,
 * quietest, to C). For severe snow (three-peak mountain snowflake)."
 */
export function euLabelWords(label: TyreLabel): string {
  const grade = (name: string, value: string | null) =>
    value === null ? `${name} not rated.` : `${name} class ${value} (of A, best, to E).`;
  const noise =
    label.noiseDb === null
      ? 'External rolling noise not rated.'
      : `External rolling noise ${label.noiseDb} dB${label.noiseClass ? `, class ${label.noiseClass} (of A, quietest, to C)` : ''}.`;
  return [
    grade('Fuel efficiency', label.fuel),
    grade('Wet grip', label.wet),
    noise,
    ...(label.snow ? ['For severe snow (three-peak mountain snowflake).'] : []),
    ...(label.ice ? ['For ice.'] : []),
  ].join(' ');
}

export type TyreMarking = { term: string; words: string[] };

/**
 * What each of a tyre's markings means, as its page lists them: "94V" (load index and speed
 * rating), XL and run-flat when it is, and its season.
 */
export const tyreMarkings = (
  tyre: Pick<TyreBasics, 'loadIndex' | 'loadIndexDual' | 'speedRating' | 'extraLoad' | 'runFlat' | 'season'>,
): TyreMarking[] => [
  {
    term: `${loadIndexText(tyre)}${tyre.speedRating}`,
    words: [loadIndexWords(tyre), speedRatingWords(tyre.speedRating)],
  },
  ...(tyre.extraLoad ? [{ term: 'XL', words: [extraLoadWords] }] : []),
  ...(tyre.runFlat ? [{ term: 'Run-flat', words: [runFlatWords] }] : []),
  { term: seasonNames[tyre.season], words: [seasonWords[tyre.season]] },
];
