// The `jobs` scenario's plan of the year: which fitter went to which vehicle when, for what, and
// what became of it, before any of it has a row.
import { mobileLocation } from '#common/bookings/settings.ts';
import type { JobRecord, TyrePosition } from '#common/jobs/jobs.ts';
import { londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { standardVatRatePercent } from '#common/jobs/invoicing-settings.ts';
import { fittedPrice } from '#common/tyres/pricing.ts';
import { defaultTyrePricing, pricingRules, tierFor } from '#common/tyres/pricing-settings.ts';
import { sizeLabel } from '#common/tyres/size.ts';
import { visitsOf, vehiclesOf, type CatalogueTyre, type Vehicle } from './jobs-customers.ts';
import { between, chance, minutes, pick, random } from './jobs-random.ts';

export const fitterCount = 10;
export const fitterName = (index: number) => `fitter-${String(index + 1).padStart(2, '0')}`;
/** Today and the 364 London days before it. */
export const historyDays = 365;
/** Mobile fitting's two-hour windows: a fitter's day, two jobs to a window at most. */
const windows = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['12:00', '14:00'],
  ['14:00', '16:00'],
  ['16:00', '18:00'],
] as const;

const tyreAdvisories = [
  'Rear tyres at 3 mm: replace within two months.',
  'Uneven wear on the inner shoulders of the front tyres: have the tracking checked.',
  'Spare tyre under-inflated, pumped up to 60 psi.',
  'Sidewall cracking on the rear tyres from age: replace before the winter.',
  'Front brake pads look low: have them checked at the next service.',
  'Tyre pressure warning light was on before we arrived; reset after fitting.',
];
const repairAdvisories = [
  'Rear tyres at 3 mm: replace within two months.',
  'Tread at 2.5 mm across the front tyres: replace soon.',
  'Second nail found close to the sidewall: not repairable if it goes down.',
];
const jobNotes = [
  'Locking wheel nut key returned to the glovebox.',
  'Customer asked for the old tyres to be taken away.',
  'Parked on the drive; keys left with the neighbour at number 12.',
  'Wheel nuts were over-tightened last time: one stud replaced.',
  'Customer at work; car left unlocked as agreed by phone.',
];

type ServiceSlug = 'tyre-replacement' | 'puncture-repair' | 'wheel-balancing' | 'tpms-services';

/** What happened to a booking. */
type Outcome =
  'completed' | 'not-completed' | 'no-show' | 'cancelled' | 'arrived' | 'on-the-way' | 'scheduled';

/** One booking of the history, before it gets its ids. */
export type PlannedJob = {
  date: string;
  start: string;
  end: string;
  startsAt: Date;
  fitter: number;
  location: string;
  vehicle: Vehicle;
  service: ServiceSlug;
  tyre: { tyre: CatalogueTyre; quantity: number; source: 'stock' | 'supplier'; price: number } | null;
  outcome: Outcome;
  bookedAt: Date;
};

/** What a tyre costs fully fitted by the default price rules (the seeded content sets none). */
const fittedPriceOf = (tyre: CatalogueTyre) =>
  fittedPrice(pricingRules(defaultTyrePricing, standardVatRatePercent), {
    rim: tyre.rim,
    tier: tierFor(defaultTyrePricing, tyre.brand),
    costPence: tyre.costPence,
    priceOverridePence: null,
  });

/** The services booked, most booked first, with their shares. */
const serviceShares: [ServiceSlug, number][] = [
  ['tyre-replacement', 0.62],
  ['puncture-repair', 0.22],
  ['wheel-balancing', 0.08],
  ['tpms-services', 0.08],
];

function drawService(): ServiceSlug {
  let draw = random();
  for (const [service, share] of serviceShares) {
    if (draw < share) return service;
    draw -= share;
  }
  return serviceShares[0]![0];
}

/** Two tyres mostly, sometimes four or three, of the vehicle's size; a fifth from the supplier. */
function tyresFor(vehicle: Vehicle): PlannedJob['tyre'] {
  const tyre = pick(vehicle.tyres, 1.4);
  return {
    tyre,
    quantity: pick([2, 2, 2, 2, 2, 2, 4, 4, 4, 3]),
    source: chance(0.8) ? 'stock' : 'supplier',
    price: fittedPriceOf(tyre),
  };
}

/**
 * What became of a booking: a few were cancelled; of those whose window is over, a few customers
 * were not there and a few jobs could not be done; the fitter is at or on the way to those of
 * the window under way; the rest are still to come.
 */
function outcomeOf(startsAt: Date, endsAt: Date, now: Date, slot: number): Outcome {
  if (chance(0.03)) return 'cancelled';
  if (endsAt <= now) return chance(0.015) ? 'no-show' : chance(0.015) ? 'not-completed' : 'completed';
  if (startsAt <= now) return slot % 2 === 0 ? 'arrived' : 'on-the-way';
  return 'scheduled';
}

/** The ten fitters' days: a full one today, about five jobs a day before. */
export function planJobs(today: string, now: Date, catalogue: Map<string, CatalogueTyre[]>, branch: string) {
  const days = Array.from({ length: historyDays }, (_, index) => addDays(today, index - historyDays + 1));
  const counts = days.map((date) =>
    Array.from({ length: fitterCount }, () => (date === today ? between(5, 8) : between(3, 7))),
  );
  const total = counts.flat().reduce((sum, count) => sum + count, 0);
  // Enough vehicles for three visits each on average: each comes back two to four times.
  const visits = visitsOf(vehiclesOf(Math.ceil(total / 3), catalogue));
  const planned: PlannedJob[] = [];
  days.forEach((date, dayIndex) => {
    for (let fitter = 0; fitter < fitterCount; fitter += 1) {
      const count = counts[dayIndex]![fitter]!;
      for (let slot = 0; slot < count; slot += 1) {
        const [start, end] = windows[Math.floor((slot * windows.length) / count)]!;
        const startsAt = londonInstant(date, start);
        const vehicle = visits[planned.length]!;
        const service = drawService();
        planned.push({
          date,
          start,
          end,
          startsAt,
          fitter,
          location: chance(0.08) ? branch : mobileLocation,
          vehicle,
          service,
          tyre: service === 'tyre-replacement' ? tyresFor(vehicle) : null,
          outcome: outcomeOf(startsAt, londonInstant(date, end), now, slot),
          // Booked online one to fourteen days ahead, at some hour of the day.
          bookedAt: new Date(startsAt.getTime() - minutes(between(1, 14) * 1440 + between(0, 720))),
        });
      }
    }
  });
  // Enquiries and bookings are numbered in the order they arrived.
  return planned.sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime());
}

/** The record of a completed job: the tyres fitted with their DOT codes, what came off, advice. */
export function recordOf(job: PlannedJob): JobRecord {
  const year = Number(job.date.slice(2, 4));
  const dot = () =>
    `${String(between(1, 52)).padStart(2, '0')}${String(year - between(0, 1)).padStart(2, '0')}`;
  const tread = () => Math.round((1 + random() * 2.2) * 10) / 10;
  const base = {
    torqued: chance(0.97),
    tpmsReset: job.service === 'tpms-services' || chance(0.2),
    notes: chance(0.3) ? pick(jobNotes) : '',
  };
  if (!job.tyre) {
    const position = pick<TyrePosition>(['nsf', 'osf', 'nsr', 'osr']);
    return {
      ...base,
      tyres: [],
      removedTreadMm: job.service === 'puncture-repair' ? { [position]: 3 + between(0, 30) / 10 } : {},
      advisories: chance(0.5) ? pick(repairAdvisories) : '',
    };
  }
  const { tyre, quantity } = job.tyre;
  const positions: TyrePosition[] =
    quantity === 4
      ? ['nsf', 'osf', 'nsr', 'osr']
      : quantity === 3
        ? ['nsf', 'osf', 'osr']
        : chance(0.6)
          ? ['nsf', 'osf']
          : ['nsr', 'osr'];
  const size = `${sizeLabel(tyre)} ${tyre.loadIndex}${tyre.speedRating}`;
  const tyreDot = dot();
  return {
    ...base,
    tyres: positions.map((position) => ({
      position,
      brand: tyre.brand,
      pattern: tyre.pattern,
      size,
      dot: tyreDot,
    })),
    removedTreadMm: Object.fromEntries(positions.map((position) => [position, tread()])),
    advisories: chance(0.6) ? pick(tyreAdvisories) : '',
  };
}
