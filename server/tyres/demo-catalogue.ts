import { tyreMatchKey, type LabelGrade, type Season } from '#common/tyres/catalogue.ts';
import { parseTyreSize } from '#common/tyres/size.ts';
import type { Database } from '../db/client.ts';
import { appMeta, tyres } from '../db/schema.ts';
import { forgetCatalogue } from './offers.ts';

/**
 * The demo catalogue a new install starts with, so that searching by size works before the
 * first supplier file: about three hundred tyres across the twenty sizes UK cars most often
 * wear, with made-up costs, labels and stock, each marked `demo` (the dashboard says so). Their
 * EANs are in the 200-299 range GS1 keeps for a shop's own use, so they never match a real tyre.
 */

/** The twenty sizes, each with the load index and speed rating most cars of it need. */
const demoSizes = [
  '205/55R16 91V',
  '225/45R17 94W',
  '195/65R15 91H',
  '215/55R17 94V',
  '225/40R18 92Y',
  '205/60R16 92H',
  '225/55R17 101W',
  '215/60R16 99V',
  '195/55R16 87V',
  '185/65R15 88H',
  '235/55R17 103V',
  '225/50R17 98W',
  '215/65R16 98H',
  '245/45R18 100Y',
  '185/60R15 88H',
  '175/65R14 82T',
  '195/60R15 88V',
  '235/45R18 98W',
  '255/35R19 96Y',
  '215/45R17 91W',
];

type Range = 'budget' | 'mid-range' | 'premium';
type Pattern = { brand: string; pattern: string; range: Range; season?: Season };

const patterns: Pattern[] = [
  { brand: 'Michelin', pattern: 'Primacy 4+', range: 'premium' },
  { brand: 'Michelin', pattern: 'CrossClimate 2', range: 'premium', season: 'all-season' },
  { brand: 'Continental', pattern: 'PremiumContact 7', range: 'premium' },
  { brand: 'Continental', pattern: 'WinterContact TS 870', range: 'premium', season: 'winter' },
  { brand: 'Pirelli', pattern: 'Cinturato P7', range: 'premium' },
  { brand: 'Bridgestone', pattern: 'Turanza 6', range: 'premium' },
  { brand: 'Goodyear', pattern: 'EfficientGrip Performance 2', range: 'premium' },
  { brand: 'Goodyear', pattern: 'Vector 4Seasons Gen-3', range: 'premium', season: 'all-season' },
  { brand: 'Dunlop', pattern: 'Sport Maxx RT2', range: 'premium' },
  { brand: 'Hankook', pattern: 'Ventus Prime 4', range: 'mid-range' },
  { brand: 'Falken', pattern: 'Ziex ZE310 Ecorun', range: 'mid-range' },
  { brand: 'Toyo', pattern: 'Proxes Comfort', range: 'mid-range' },
  { brand: 'Kumho', pattern: 'Ecsta HS52', range: 'mid-range' },
  { brand: 'Nokian', pattern: 'Wetproof 1', range: 'mid-range' },
  { brand: 'Uniroyal', pattern: 'RainSport 5', range: 'mid-range' },
  { brand: 'Firestone', pattern: 'Roadhawk 2', range: 'mid-range' },
  { brand: 'Yokohama', pattern: 'BluEarth-GT AE51', range: 'mid-range' },
  { brand: 'Vredestein', pattern: 'Quatrac', range: 'mid-range', season: 'all-season' },
  { brand: 'Nankang', pattern: 'Econex NA-1', range: 'budget' },
  { brand: 'Landsail', pattern: 'LS388', range: 'budget' },
  { brand: 'Sailun', pattern: 'Atrezzo Elite', range: 'budget' },
  { brand: 'Davanti', pattern: 'DX640', range: 'budget' },
  { brand: 'Triangle', pattern: 'TE301', range: 'budget' },
  { brand: 'Rovelo', pattern: 'RHP-780', range: 'budget' },
];

/** A repeatable sequence of numbers in [0, 1): the same catalogue on every install. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A 13-digit EAN in the 200-299 range, with its check digit. */
function demoEan(serial: number): string {
  const body = `2${String(serial).padStart(11, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const grades: LabelGrade[] = ['A', 'B', 'C', 'D', 'E'];

/** The demo catalogue's rows. */
export function demoTyres(): (typeof tyres.$inferInsert)[] {
  const random = sequence(2026);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const rows: (typeof tyres.$inferInsert)[] = [];
  demoSizes.forEach((text, sizeIndex) => {
    const parsed = parseTyreSize(text)!;
    const size = { ...parsed, loadIndex: parsed.loadIndex!, speedRating: parsed.speedRating! };
    // Sixteen of the patterns in each size, a different sixteen from size to size.
    const chosen = patterns
      .filter((_, index) => (index + sizeIndex) % 3 !== 0 || index % 4 === 0)
      .slice(0, 16);
    const stocked = new Set<Range>();
    for (const { brand, pattern, range, season = 'summer' } of chosen) {
      // The first tyre of each tier in each size is on the shelf: every size can be fitted soon.
      const firstOfTier = !stocked.has(range);
      stocked.add(range);
      const extraLoad = random() < 0.2;
      const loadIndex = size.loadIndex + (extraLoad ? 3 : 0);
      const runFlat = size.rim >= 17 && range === 'premium' && random() < 0.25;
      const base = { budget: 2_200, 'mid-range': 3_200, premium: 4_600 }[range];
      const perInch = { budget: 600, 'mid-range': 900, premium: 1_300 }[range];
      const gradeFrom = { budget: 2, 'mid-range': 1, premium: 0 }[range];
      const noiseDb = 67 + Math.floor(random() * 7);
      rows.push({
        ean: demoEan(rows.length + 1),
        brand,
        pattern: runFlat ? `${pattern} Run Flat` : pattern,
        width: size.width,
        profile: size.profile,
        rim: size.rim,
        loadIndex,
        speedRating: size.speedRating,
        season,
        runFlat,
        extraLoad,
        fuel: grades[Math.min(4, gradeFrom + 1 + Math.floor(random() * 2))]!,
        wet: grades[Math.min(4, gradeFrom + Math.floor(random() * 2))]!,
        noiseDb,
        noiseClass: noiseDb <= 68 ? 'A' : noiseDb <= 71 ? 'B' : 'C',
        snow: season !== 'summer',
        ice: false,
        costPence: Math.round((base + (size.rim - 14) * perInch) * (0.9 + random() * 0.25)),
        stock: firstOfTier ? 8 : pick([0, 0, 2, 4, 4, 6, 8]),
        supplierStock: pick([0, 12, 20, 40, 60]),
        leadDays: pick([1, 1, 2, 3]),
        demo: true,
        matchKey: tyreMatchKey({
          ...size,
          brand,
          pattern: runFlat ? `${pattern} Run Flat` : pattern,
          loadIndex,
        }),
      });
    }
  });
  return rows;
}

const demoTyresSeedKey = 'demo_tyres_seeded';

/**
 * Puts the demo catalogue in a new database, once: the marker row keeps it from coming back
 * after staff remove it. Returns whether it did.
 */
export async function seedDemoTyres(db: Database): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: demoTyresSeedKey, value: { seededAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0) return false;
    await tx.insert(tyres).values(demoTyres());
    return true;
  });
  if (seeded) forgetCatalogue(db);
  return seeded;
}
