/**
 * Tyre sizes as customers and suppliers write them (205/55R16, 205 55 16, 205/55 ZR16 91W), the
 * size pages' addresses (205-55-r16), and the overall diameter that decides which other sizes
 * can stand in for one.
 */

/** A tyre size: section width in mm, profile (aspect ratio, % of the width) and rim in inches. */
export type TyreSize = { width: number; profile: number; rim: number };

/**
 * A size as typed, with the load index and speed rating when they were given, and a van tyre's
 * second (dual fitment) load index when written (109/107T).
 */
export type ParsedTyreSize = TyreSize & {
  loadIndex: number | null;
  speedRating: string | null;
  loadIndexDual?: number;
};

/** The limits of real car and van tyres: anything outside them is a typing mistake. */
const limits = { width: [125, 355], profile: [25, 95], rim: [10, 24] } as const;

const within = (value: number, [low, high]: readonly [number, number]) => value >= low && value <= high;

export const isTyreSize = (size: TyreSize) =>
  Number.isInteger(size.width) &&
  Number.isInteger(size.profile) &&
  Number.isInteger(size.rim) &&
  within(size.width, limits.width) &&
  within(size.profile, limits.profile) &&
  within(size.rim, limits.rim);

/**
 * width, a separator (/, space, dash or none), profile, an optional construction letter (R, ZR,
 * with a speed rating before it as in VR or ZR), the rim (with C for a van tyre), then optionally
 * the load index and speed rating (91W, 91 W, 109/107T for a dual load index, of which the first
 * is the single-wheel one), then markings such as XL or RFT, which the size does not depend on.
 */
const sizePattern =
  /^(\d{3})\s*[/\s-]?\s*(\d{2})\s*[/\s-]?\s*(?:[A-Z]?R|-)?\s*[/\s-]?\s*(\d{2})C?(?:\s*[/\s-]?\s*(\d{2,3})(?:\/(\d{2,3}))?\s*([A-Z])?)?(?:\s+(?:XL|RF|RFT|ROF|ZP|SSR|RUN ?FLAT|EXTRA LOAD|REINFORCED|M\+S|3PMSF))*$/;

/** Reads a size in its usual spellings; null when it is not one. */
export function parseTyreSize(text: string): ParsedTyreSize | null {
  const match = sizePattern.exec(text.trim().toUpperCase().replace(/\s+/g, ' '));
  if (!match) return null;
  const [, width, profile, rim, load, dual, speed] = match;
  const size = { width: Number(width), profile: Number(profile), rim: Number(rim) };
  if (!isTyreSize(size)) return null;
  const loadIndex = load === undefined ? null : Number(load);
  if (loadIndex !== null && !isLoadIndex(loadIndex)) return null;
  const speedRating = speed ?? null;
  if (speedRating !== null && !isSpeedRating(speedRating)) return null;
  const loadIndexDual = dual === undefined ? null : Number(dual);
  if (
    loadIndexDual !== null &&
    (loadIndex === null || !isLoadIndex(loadIndexDual) || loadIndexDual >= loadIndex)
  )
    return null;
  return { ...size, loadIndex, speedRating, ...(loadIndexDual !== null && { loadIndexDual }) };
}

/** 91, or a van tyre's dual load index 109/107, as tyres are marked. */
export const loadIndexText = ({
  loadIndex,
  loadIndexDual,
}: {
  loadIndex: number;
  loadIndexDual: number | null;
}) => (loadIndexDual === null ? String(loadIndex) : `${loadIndex}/${loadIndexDual}`);

/** 205/55R16, as the API and the catalogue write a size. */
export const sizeText = ({ width, profile, rim }: TyreSize) => `${width}/${profile}R${rim}`;

/** 205/55 R16, as the pages show a size. */
export const sizeLabel = ({ width, profile, rim }: TyreSize) => `${width}/${profile} R${rim}`;

/** 205-55-r16: the size's page is /tyres/205-55-r16. */
export const sizeSlug = ({ width, profile, rim }: TyreSize) => `${width}-${profile}-r${rim}`;

/** The size a page address names, only in the form `sizeSlug` writes. */
export function sizeFromSlug(slug: string): TyreSize | null {
  const match = /^(\d{3})-(\d{2})-r(\d{2})$/.exec(slug);
  if (!match) return null;
  const size = { width: Number(match[1]), profile: Number(match[2]), rim: Number(match[3]) };
  return isTyreSize(size) ? size : null;
}

export const sameSize = (a: TyreSize, b: TyreSize) =>
  a.width === b.width && a.profile === b.profile && a.rim === b.rim;

/** The tyre's overall diameter in mm: the rim plus the sidewall twice. */
export const overallDiameter = ({ width, profile, rim }: TyreSize) =>
  rim * 25.4 + (2 * width * profile) / 100;

/** How far another size may differ in overall diameter and still stand in: 3%. */
const diameterTolerance = 0.03;

/** Whether `other` is within 3% of `size`'s overall diameter. */
export function withinDiameter(size: TyreSize, other: TyreSize): boolean {
  const base = overallDiameter(size);
  // A micrometre of slack: exactly 3% counts as within, whatever the floating point makes of it.
  return Math.abs(overallDiameter(other) - base) <= base * diameterTolerance + 1e-3;
}

/**
 * Speed ratings in increasing order of speed (km/h): a higher rating may always replace a lower
 * one. (H sits between U and V: the letters are historical, not alphabetical.)
 */
export const speedRatings = {
  L: 120,
  M: 130,
  N: 140,
  P: 150,
  Q: 160,
  R: 170,
  S: 180,
  T: 190,
  U: 200,
  H: 210,
  V: 240,
  W: 270,
  Y: 300,
} as const;
type SpeedRating = keyof typeof speedRatings;

export const isSpeedRating = (value: string): value is SpeedRating => Object.hasOwn(speedRatings, value);

/** Whether a tyre rated `rating` is fast enough where `needed` is asked for. */
export const speedAtLeast = (rating: string, needed: string) =>
  isSpeedRating(rating) && isSpeedRating(needed) && speedRatings[rating] >= speedRatings[needed];

/** Load indices of car, 4x4 and van tyres: 60 (250 kg) to 126 (1,700 kg). */
export const isLoadIndex = (value: number) => Number.isInteger(value) && value >= 60 && value <= 126;

/**
 * Load index to kg per tyre (ETRTO): the index is a code, not a weight, and rises with the weight.
 * From 60 (250 kg) to 126 (1,700 kg).
 */
const loadKg = [
  250, 257, 265, 272, 280, 290, 300, 307, 315, 325, 335, 345, 355, 365, 375, 387, 400, 412, 425, 437, 450,
  462, 475, 487, 500, 515, 530, 545, 560, 580, 600, 615, 630, 650, 670, 690, 710, 730, 750, 775, 800, 825,
  850, 875, 900, 925, 950, 975, 1000, 1030, 1060, 1090, 1120, 1150, 1180, 1215, 1250, 1285, 1320, 1360, 1400,
  1450, 1500, 1550, 1600, 1650, 1700,
];

/** The most a tyre of load index `index` carries, in kg. */
export const loadCapacityKg = (index: number) => (isLoadIndex(index) ? loadKg[index - 60]! : 0);

/** Whether a tyre of load index `index` carries at least what `needed` asks for. */
export const loadAtLeast = (index: number, needed: number) =>
  isLoadIndex(index) && isLoadIndex(needed) && loadCapacityKg(index) >= loadCapacityKg(needed);
