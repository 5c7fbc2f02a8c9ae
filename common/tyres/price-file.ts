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
  'part_number',
] as const;
export type PriceFileColumn = (typeof priceFileColumns)[number];

/**
 * What a mapping may name besides our columns: one column holding the whole size, as many
 * suppliers write it ("205/55 R16 91V"), in place of width, profile, rim and perhaps load index
 * and speed rating.
 */
export const mappableColumns = [...priceFileColumns, 'size'] as const;
export type MappableColumn = (typeof mappableColumns)[number];

/**
 * For each of our columns, the supplier's header that holds it, or, for a column the file lacks,
 * the value every row of the file takes (`{ value: 'winter' }`: a winter list without a season
 * column).
 */
export type ColumnSource = string | { value: string };
export type ColumnMapping = Partial<Record<MappableColumn, ColumnSource>>;

/** The header a mapping reads `column` from, if it reads one. */
export const mappedHeader = (source: ColumnSource | undefined) =>
  typeof source === 'string' ? source : undefined;

/** The value a mapping gives every row for `column`, if it gives one. */
export const fixedValue = (source: ColumnSource | undefined) =>
  typeof source === 'object' ? source.value : undefined;

/** Why a file without a season column is refused: a tyre's season is never guessed. */
export const seasonNeededMessage =
  'The file has no season column: choose the season of the whole file (summer, winter or all-season) in the mapping.';

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
  part_number: 'Supplier’s part number',
  size: 'Whole size (205/55 R16 91V)',
};

/** A header as written, compared without case, spaces or punctuation: "Load Index" is load_index. */
export const headerKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * Why a mapping cannot read a file: the columns it still needs. The season is one: a file without
 * it takes one season for all its rows, chosen in the mapping.
 */
export function missingColumns(mapping: ColumnMapping): MappableColumn[] {
  const missing: MappableColumn[] = (['brand', 'pattern', 'cost', 'season'] as const).filter(
    (column) => !mapping[column] || fixedValue(mapping[column])?.trim() === '',
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
  /** The supplier's own number for the tyre, to order it by. */
  partNumber: string | null;
  /** The second (dual fitment) load index of a van tyre: 104 of 106/104. */
  loadIndexDual: number | null;
  matchKey: string;
};

type RowResult = { ok: true; tyre: PriceFileTyre } | { ok: false; reason: string };

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

/**
 * A number as price files write it: `1234.56`, `1,234.56` (British), `1.234,56` (much of Europe),
 * `18.0`, `£45.20`, `1 234,56`. Where both a point and a comma appear, the last is the decimal
 * mark. Where one of them appears alone it is the decimal mark, unless exactly three digits
 * follow it (`1,234`, `1.234`: a thousand and more, since no file gives a price in tenths of a
 * penny or stock in thousandths of a tyre) or it appears more than once. Null when it is not a
 * number.
 */
export function parseNumber(value: string): number | null {
  let text = value
    .trim()
    .replace(/^£\s*/, '')
    .replace(/[\s\u00a0\u202f']/g, '');
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return null;
  const lastPoint = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastPoint >= 0 && lastComma >= 0) {
    const [decimal, grouping] = lastPoint > lastComma ? ['.', ','] : [',', '.'];
    const [whole, fraction, ...rest] = text.split(decimal);
    if (rest.length > 0 || !groupedThousands(whole!, grouping)) return null;
    text = `${whole!.split(grouping).join('')}.${fraction}`;
  } else if (lastPoint >= 0 || lastComma >= 0) {
    const mark = lastPoint >= 0 ? '.' : ',';
    const parts = text.split(mark);
    if (parts.length > 2 || parts[1]!.length === 3) {
      if (!groupedThousands(text, mark)) return null;
      text = parts.join('');
    } else text = parts.join('.');
  }
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** Whether `text` is digits in groups of three after the first, separated by `mark`. */
const groupedThousands = (text: string, mark: string) => {
  const [first, ...groups] = text.split(mark);
  return (
    /^\d+$/.test(first!) &&
    (groups.length === 0 || (first!.length <= 3 && groups.every((group) => /^\d{3}$/.test(group))))
  );
};

function whole(value: string, column: string, low: number, high: number, fallback?: number): number {
  const text = value.trim();
  if (text === '' && fallback !== undefined) return fallback;
  const number = parseNumber(text);
  if (number === null || !Number.isInteger(number))
    return refuse(`${column}: “${value}” is not a whole number`);
  if (number < low || number > high) return refuse(`${column}: ${number} is not between ${low} and ${high}`);
  return number;
}

function grade(value: string, column: string, grades: readonly string[]): string | null {
  const text = value.trim().toUpperCase();
  if (text === '') return null;
  if (!grades.includes(text)) return refuse(`${column}: “${value}” is not one of ${grades.join(', ')}`);
  return text;
}

/** An amount in pounds in any of the ways parseNumber reads (£45.20, 45,20, 1.234,56), in pence. */
function pence(value: string, column: string): number {
  const number = parseNumber(value);
  if (number === null || Math.abs(number * 100 - Math.round(number * 100)) > 1e-6) {
    return refuse(`${column}: “${value}” is not an amount in pounds, for example 45.20`);
  }
  const amount = Math.round(number * 100);
  if (amount <= 0) return refuse(`${column}: must be more than £0`);
  if (amount > 10_000_000) return refuse(`${column}: more than £100,000`);
  return amount;
}

/**
 * A load index as written: `91`, or a van tyre's dual one, `104/102` (single and dual fitment:
 * the second, lower, is each tyre's load when two are fitted side by side).
 */
export function parseLoadIndex(value: string): { loadIndex: number; loadIndexDual: number | null } | null {
  const match = /^(\d{2,3})(?:\s*\/\s*(\d{2,3}))?$/.exec(value.trim());
  if (!match) return null;
  const loadIndex = Number(match[1]);
  const loadIndexDual = match[2] === undefined ? null : Number(match[2]);
  if (!isLoadIndex(loadIndex)) return null;
  if (loadIndexDual !== null && (!isLoadIndex(loadIndexDual) || loadIndexDual >= loadIndex)) return null;
  return { loadIndex, loadIndexDual };
}

const seasonWords: Record<string, Season> = {
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

function partNumber(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > 40) return refuse(`part_number: longer than 40 characters`);
  return trimmed === '' ? null : trimmed;
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
    let load: ReturnType<typeof parseLoadIndex>;
    if (values.load_index === undefined && fromSize?.loadIndex != null) {
      load = { loadIndex: fromSize.loadIndex, loadIndexDual: fromSize.loadIndexDual ?? null };
    } else {
      load = parseLoadIndex(value('load_index'));
      if (!load)
        refuse(`load_index: “${value('load_index')}” is not a load index (91, or 104/102 for a van tyre)`);
    }
    const { loadIndex, loadIndexDual } = load!;
    const speedRating =
      values.speed_rating === undefined && fromSize?.speedRating != null
        ? fromSize.speedRating
        : value('speed_rating').trim().toUpperCase();
    if (!isSpeedRating(speedRating)) refuse(`speed_rating: “${speedRating}” is not a speed rating`);
    const season = seasonWords[headerKey(value('season'))];
    if (!season) {
      refuse(
        value('season').trim() === ''
          ? 'season: missing (summer, winter or all-season)'
          : `season: “${value('season')}” is not summer, winter or all-season`,
      );
    }
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
      partNumber: partNumber(value('part_number')),
      loadIndexDual,
    };
    return { ok: true, tyre: { ...tyre, matchKey: tyreMatchKey(tyre) } };
  } catch (error) {
    if (error instanceof RowError) return { ok: false, reason: error.message };
    throw error;
  }
}
