import { labelGrades, noiseClasses, tyreMatchKey, type Season } from './catalogue.ts';
import { isLoadIndex, isSpeedRating, isTyreSize, parseTyreSize } from './size.ts';

/**
 * Supplier price files: our own column set, how another supplier's headers map onto it, and
 * each row read into a tyre or refused with a reason staff can act on. Pure: the server streams
 * the file through it (server/tyres/import.ts) and the dashboard uses the same names.
 */

/** Our documented columns, in their order. */
export const priceFileColumns = [
  'ean',
  'brand',
  'pattern',
  'width',
  'profile',
  'rim',
  'load_index',
  'speed_rating',
  'season',
  'run_flat',
  'extra_load',
  'fuel',
  'wet',
  'noise_db',
  'noise_class',
  'snow',
  'ice',
  'cost',
  'stock',
  'supplier_stock',
  'lead_days',
] as const;
export type PriceFileColumn = (typeof priceFileColumns)[number];

/**
 * What a mapping may name besides our columns: one column holding the whole size, as many
 * suppliers write it ("205/55 R16 91V"), in place of width, profile, rim and perhaps load index
 * and speed rating.
 */
export const mappableColumns = [...priceFileColumns, 'size'] as const;
export type MappableColumn = (typeof mappableColumns)[number];

/** For each of our columns, the supplier's header that holds it. */
export type ColumnMapping = Partial<Record<MappableColumn, string>>;

export const columnNames: Record<MappableColumn, string> = {
  ean: 'EAN',
  brand: 'Brand',
  pattern: 'Pattern',
  width: 'Width (mm)',
  profile: 'Profile (%)',
  rim: 'Rim (inches)',
  load_index: 'Load index',
  speed_rating: 'Speed rating',
  season: 'Season',
  run_flat: 'Run-flat',
  extra_load: 'Extra load (XL)',
  fuel: 'Fuel efficiency (A-E)',
  wet: 'Wet grip (A-E)',
  noise_db: 'Noise (dB)',
  noise_class: 'Noise class (A-C)',
  snow: 'Snow grip (3PMSF)',
  ice: 'Ice grip',
  cost: 'Cost before VAT (£)',
  stock: 'Our stock',
  supplier_stock: 'Supplier stock',
  lead_days: 'Supplier lead time (days)',
  size: 'Whole size (205/55 R16 91V)',
};

/** A header as written, compared without case, spaces or punctuation: "Load Index" is load_index. */
export const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Why a mapping cannot read a file: the columns it still needs. */
export function missingColumns(mapping: ColumnMapping): MappableColumn[] {
  const missing: MappableColumn[] = (['brand', 'pattern', 'cost'] as const).filter(
    (column) => !mapping[column],
  );
  if (!mapping.size) {
    for (const column of ['width', 'profile', 'rim', 'load_index', 'speed_rating'] as const)
      if (!mapping[column]) missing.push(column);
  }
  return missing;
}

/** Our own column set, when `headers` has it (in any order and case): each column's header. */
export function ownColumns(headers: readonly string[]): ColumnMapping {
  const byKey = new Map(headers.map((header) => [headerKey(header), header]));
  const mapping: ColumnMapping = {};
  for (const column of mappableColumns) {
    const header = byKey.get(column);
    if (header !== undefined) mapping[column] = header;
  }
  return mapping;
}

/** The separator of a file, from its first line: a semicolon when it has more of those than commas. */
export function separatorOf(firstLine: string): ',' | ';' {
  const count = (character: string) => firstLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** A tyre read from a row, as the catalogue stores it (costs in pence). */
export type PriceFileTyre = {
  ean: string | null;
  brand: string;
  pattern: string;
  width: number;
  profile: number;
  rim: number;
  loadIndex: number;
  speedRating: string;
  season: Season;
  runFlat: boolean;
  extraLoad: boolean;
  fuel: string | null;
  wet: string | null;
  noiseDb: number | null;
  noiseClass: string | null;
  snow: boolean;
  ice: boolean;
  costPence: number;
  stock: number;
  supplierStock: number;
  leadDays: number;
  matchKey: string;
};

export type RowResult = { ok: true; tyre: PriceFileTyre } | { ok: false; reason: string };

class RowError extends Error {}

const refuse = (reason: string): never => {
  throw new RowError(reason);
};

const yes = new Set(['y', 'yes', 'true', '1', 'x', 'xl', 'rf', 'rft', 'runflat', 'run_flat', '3pmsf']);
const no = new Set(['', 'n', 'no', 'false', '0', '-']);

function flag(value: string, column: string): boolean {
  const key = headerKey(value);
  if (yes.has(key)) return true;
  if (no.has(key)) return false;
  return refuse(`${column}: “${value}” is not yes or no`);
}

function whole(value: string, column: string, low: number, high: number, fallback?: number): number {
  const text = value.trim();
  if (text === '' && fallback !== undefined) return fallback;
  if (!/^\d+$/.test(text)) return refuse(`${column}: “${value}” is not a whole number`);
  const number = Number(text);
  if (number < low || number > high) return refuse(`${column}: ${number} is not between ${low} and ${high}`);
  return number;
}

function grade(value: string, column: string, grades: readonly string[]): string | null {
  const text = value.trim().toUpperCase();
  if (text === '') return null;
  if (!grades.includes(text)) return refuse(`${column}: “${value}” is not one of ${grades.join(', ')}`);
  return text;
}

/** £45.20, 45.20, or 45,20 as semicolon-separated files from much of Europe write it. */
function pence(value: string, column: string): number {
  const text = value
    .trim()
    .replace(/^£/, '')
    .replace(/^(\d+),(\d{1,2})$/, '$1.$2');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    return refuse(`${column}: “${value}” is not an amount in pounds, for example 45.20`);
  }
  const amount = Math.round(Number(text) * 100);
  if (amount <= 0) return refuse(`${column}: must be more than £0`);
  if (amount > 10_000_000) return refuse(`${column}: more than £100,000`);
  return amount;
}

const seasonWords: Record<string, Season> = {
  '': 'summer',
  s: 'summer',
  summer: 'summer',
  w: 'winter',
  winter: 'winter',
  a: 'all-season',
  all_season: 'all-season',
  allseason: 'all-season',
  all_seasons: 'all-season',
  all_weather: 'all-season',
  '4_season': 'all-season',
  four_season: 'all-season',
};

function text(value: string, column: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return refuse(`${column}: missing`);
  if (trimmed.length > 80) return refuse(`${column}: longer than 80 characters`);
  return trimmed;
}

/** Reads one row (each mapped column's value by our name); a refused row says why. */
export function readPriceRow(
  values: Partial<Record<MappableColumn, string>>,
  defaultLeadDays = 1,
): RowResult {
  const value = (column: MappableColumn) => values[column] ?? '';
  try {
    const ean = value('ean').trim();
    if (ean !== '' && !/^\d{8,14}$/.test(ean)) refuse(`ean: “${ean}” is not 8 to 14 digits`);
    const fromSize = values.size === undefined ? null : parseTyreSize(value('size'));
    if (values.size !== undefined && !fromSize) refuse(`size: “${value('size')}” is not a tyre size`);
    const width =
      fromSize && values.width === undefined ? fromSize.width : whole(value('width'), 'width', 125, 355);
    const profile =
      fromSize && values.profile === undefined
        ? fromSize.profile
        : whole(value('profile'), 'profile', 25, 95);
    const rim = fromSize && values.rim === undefined ? fromSize.rim : whole(value('rim'), 'rim', 10, 24);
    if (!isTyreSize({ width, profile, rim })) refuse(`size: ${width}/${profile}R${rim} is not a tyre size`);
    const loadIndex =
      values.load_index === undefined && fromSize?.loadIndex != null
        ? fromSize.loadIndex
        : whole(value('load_index'), 'load_index', 60, 126);
    if (!isLoadIndex(loadIndex)) refuse(`load_index: ${loadIndex} is not a load index`);
    const speedRating =
      values.speed_rating === undefined && fromSize?.speedRating != null
        ? fromSize.speedRating
        : value('speed_rating').trim().toUpperCase();
    if (!isSpeedRating(speedRating)) refuse(`speed_rating: “${speedRating}” is not a speed rating`);
    const season = seasonWords[headerKey(value('season'))];
    if (!season) refuse(`season: “${value('season')}” is not summer, winter or all-season`);
    const brand = text(value('brand'), 'brand');
    const pattern = text(value('pattern'), 'pattern');
    const tyre = {
      ean: ean === '' ? null : ean,
      brand,
      pattern,
      width,
      profile,
      rim,
      loadIndex,
      speedRating,
      season: season!,
      runFlat: flag(value('run_flat'), 'run_flat'),
      extraLoad: flag(value('extra_load'), 'extra_load'),
      fuel: grade(value('fuel'), 'fuel', labelGrades),
      wet: grade(value('wet'), 'wet', labelGrades),
      noiseDb: value('noise_db').trim() === '' ? null : whole(value('noise_db'), 'noise_db', 50, 90),
      noiseClass: grade(value('noise_class'), 'noise_class', noiseClasses),
      snow: flag(value('snow'), 'snow'),
      ice: flag(value('ice'), 'ice'),
      costPence: pence(value('cost'), 'cost'),
      stock: whole(value('stock'), 'stock', 0, 100_000, 0),
      supplierStock: whole(value('supplier_stock'), 'supplier_stock', 0, 1_000_000, 0),
      leadDays: whole(value('lead_days'), 'lead_days', 0, 60, defaultLeadDays),
    };
    return { ok: true, tyre: { ...tyre, matchKey: tyreMatchKey(tyre) } };
  } catch (error) {
    if (error instanceof RowError) return { ok: false, reason: error.message };
    throw error;
  }
}
