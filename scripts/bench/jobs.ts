// The `jobs` scenario: the fitters' day over a year of history. Before the server starts it
// stores the 365 London days ending today of ten fitters' jobs (about 18,000 bookings, each with
// its enquiry; most completed, with their record, VAT invoice and payment), then measures the
// day's jobs as a fitter and as the office, and vehicles' histories.
import crypto from 'node:crypto';
import type autocannon from 'autocannon';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bookingWindowText } from '#common/bookings/booking.ts';
import { bookingLocationName, mobileLocation } from '#common/bookings/settings.ts';
import {
  formatInvoiceNumber,
  invoiceKinds,
  invoiceLines,
  type ChargedLine,
  type InvoiceDocument,
  type InvoiceKind,
  type PaymentMethod,
} from '#common/jobs/invoice.ts';
import { defaultInvoicingSettings, standardVatRatePercent } from '#common/jobs/invoicing-settings.ts';
import {
  notCompletedReasons,
  type Job,
  type JobRecord,
  type JobStatus,
  type TyrePosition,
  type VehicleHistory,
} from '#common/jobs/jobs.ts';
import { bookedLines } from '#common/jobs/lines.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import type { PriceFileTyre } from '#common/tyres/price-file.ts';
import { fittedPrice } from '#common/tyres/pricing.ts';
import { defaultTyrePricing, pricingRules, tierFor } from '#common/tyres/pricing-settings.ts';
import { sizeLabel } from '#common/tyres/size.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { selectRows, type Database, type DatabaseOptions } from '#server/db/client.ts';
import {
  bookingPlaces,
  bookings,
  enquiries,
  enquiryReferenceCounters,
  invoiceCounters,
  invoices,
  jobs as jobRows,
  payments,
  tyres,
  users,
} from '#server/db/schema.ts';
import { sellerOf } from '#server/jobs/invoices.ts';
import { seedDemoTyres } from '#server/tyres/demo-catalogue.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import { times } from './floor.ts';
import { measure, percentile, report, type Settings } from './measure.ts';
import { openDatabaseBeforeStart, signIn, staffAccountEnv, staffGet, type Scenario } from './server.ts';

const fitterCount = 10;
/** Today and the 364 London days before it. */
const historyDays = 365;
/** Mobile fitting's two-hour windows: a fitter's day, two jobs to a window at most. */
const windows = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['12:00', '14:00'],
  ['14:00', '16:00'],
  ['16:00', '18:00'],
] as const;
/** The registrations whose histories are read: a spread over the vehicles seeded. */
const measuredVehicles = 1_000;

const fitterPassword = 'bench-fitter-wheel-nut-torque-7';
const fitterName = (index: number) => `fitter-${String(index + 1).padStart(2, '0')}`;

const firstNames = (
  'James Sarah David Emma Michael Claire Paul Laura Mark Rebecca Daniel Sophie Chris Hannah ' +
  'Andrew Jessica Richard Amy Steven Lucy Gary Karen Lee Nicola Tom Charlotte Matthew Kelly ' +
  'Adam Gemma Ryan Zoe Jason Stacey Dean Samantha Mohammed Priya Ahmed Fatima Tomasz Olu Chioma'
).split(' ');
/** Most common first: the first few take most customers. */
const surnames = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Patel Robinson Wright Thompson ' +
  'Evans Walker White Roberts Green Hall Wood Jackson Clarke Khan Harris Lewis Martin Cooper ' +
  'King Baker Turner Hill Moore Ward Morris Clark Allen Scott Young Mitchell Carter Begum ' +
  'Hussain Ali Kowalski Nowak Okafor Adeyemi Murphy Kelly Collins Fletcher Marsh Payne'
).split(' ');
const emailDomains =
  'gmail.com hotmail.co.uk outlook.com yahoo.co.uk btinternet.com icloud.com sky.com'.split(' ');
const vehicleModels = (
  'Ford Fiesta, Ford Focus, Ford Transit Custom, Vauxhall Corsa, Vauxhall Astra, Volkswagen Golf, ' +
  'Volkswagen Polo, Volkswagen Transporter, BMW 3 Series, BMW 1 Series, Audi A3, Audi A4, ' +
  'Mercedes C-Class, Mercedes A-Class, Nissan Qashqai, Nissan Juke, Toyota Yaris, Toyota Corolla, ' +
  'Kia Sportage, Kia Ceed, Hyundai Tucson, Peugeot 208, Peugeot 3008, Renault Clio, Skoda Octavia, ' +
  'Honda Civic, Mini Cooper, Range Rover Evoque, Tesla Model 3, Volvo XC60, Seat Leon, Dacia Sandero'
).split(', ');
const streets = (
  'High Street, Station Road, Church Lane, Victoria Road, Straight Road, Mill Lane, Park Avenue, ' +
  'London Road, Main Road, Queens Road, Kings Road, The Drive, Gubbins Lane, Ashton Road, Noak Hill Road'
).split(', ');
/** Towns of the area, with a district of each. */
const towns: [town: string, district: string][] = [
  ['Romford', 'RM1'],
  ['Romford', 'RM3'],
  ['Hornchurch', 'RM11'],
  ['Upminster', 'RM14'],
  ['Brentwood', 'CM14'],
  ['Billericay', 'CM12'],
  ['Basildon', 'SS14'],
  ['Wickford', 'SS12'],
  ['Southend-on-Sea', 'SS1'],
  ['Leigh-on-Sea', 'SS9'],
  ['Rayleigh', 'SS6'],
  ['Grays', 'RM17'],
  ['Dagenham', 'RM9'],
  ['Ilford', 'IG1'],
  ['Chelmsford', 'CM1'],
];
/** The letters of a postcode's inward part (never C, I, K, M, O or V). */
const inwardLetters = [...'ABDEFGHJLNPQRSTUWXYZ'];
/** The letters of a registration (never I or Q). */
const registrationLetters = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
/** Registrations' age identifiers: March (02-25) and September (51-74) plates. */
const ageIdentifiers = Array.from({ length: 24 }, (_, index) => [
  String(index + 2).padStart(2, '0'),
  String(index + 51),
]).flat();

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
const cancelReasons = [
  'Sold the car.',
  'Found a cheaper price.',
  'Going away that week.',
  'Garage fixed it.',
];

/** Mulberry32: the same history every run, so that runs on either database compare. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = randomFrom(20_260_101);
/** One of `values`, the first ones more often for `skew` > 1. */
const pick = <T>(values: readonly T[], skew = 1): T =>
  values[Math.floor(values.length * Math.pow(random(), skew))]!;
/** A whole number from `min` to `max`, both included. */
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const chance = (probability: number) => random() < probability;
const minutes = (count: number) => count * 60_000;

/** A tyre of the seeded demo catalogue, as the history's jobs fitted it. */
type CatalogueTyre = Pick<
  PriceFileTyre,
  | 'brand'
  | 'pattern'
  | 'width'
  | 'profile'
  | 'rim'
  | 'loadIndex'
  | 'speedRating'
  | 'extraLoad'
  | 'runFlat'
  | 'costPence'
> & { id: number };

type Vehicle = {
  registration: string;
  vehicle: string;
  name: string;
  email: string;
  phone: string;
  addressLine: string;
  town: string;
  postcode: string;
  /** The catalogue's tyres in this vehicle's size. */
  tyres: CatalogueTyre[];
};

type ServiceSlug = 'tyre-replacement' | 'puncture-repair' | 'wheel-balancing' | 'tpms-services';

/** What happened to a booking. */
type Outcome =
  'completed' | 'not-completed' | 'no-show' | 'cancelled' | 'arrived' | 'on-the-way' | 'scheduled';

/** One booking of the history, before it gets its ids. */
type PlannedJob = {
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

/** A distinct registration of the current format, AB12CDE. */
function registrationsOf(count: number): string[] {
  const seen = new Set<string>();
  while (seen.size < count) {
    const letter = () => registrationLetters[Math.floor(random() * registrationLetters.length)]!;
    seen.add(`${letter()}${letter()}${pick(ageIdentifiers)}${letter()}${letter()}${letter()}`);
  }
  return [...seen];
}

function vehiclesOf(count: number, catalogue: Map<string, CatalogueTyre[]>): Vehicle[] {
  const sizes = [...catalogue.values()];
  return registrationsOf(count).map((registration) => {
    const first = pick(firstNames);
    const surname = pick(surnames, 1.3);
    const [town, district] = pick(towns);
    return {
      registration,
      vehicle: `${pick(vehicleModels, 1.3)} ${between(2008, 2024)}`,
      name: `${first} ${surname}`,
      email: `${first}.${surname}${between(1, 99)}@${pick(emailDomains, 1.5)}`.toLowerCase(),
      phone: `07${between(100, 999)} ${String(between(0, 999_999)).padStart(6, '0')}`,
      addressLine: `${between(1, 180)} ${pick(streets)}`,
      town,
      postcode: `${district} ${between(1, 9)}${pick(inwardLetters)}${pick(inwardLetters)}`,
      tyres: pick(sizes, 1.6),
    };
  });
}

/** Each vehicle two to four times a year, in a random order (Fisher-Yates). */
function visitsOf(vehicles: readonly Vehicle[]): Vehicle[] {
  const visits = vehicles.flatMap((vehicle) => Array.from({ length: between(2, 4) }, () => vehicle));
  for (let index = visits.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [visits[index], visits[other]] = [visits[other]!, visits[index]!];
  }
  return visits;
}

/** A fully fitted price of one tyre: cost, margin and fitting, VAT included, to the pound. */
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
function planJobs(today: string, now: Date, catalogue: Map<string, CatalogueTyre[]>, branch: string) {
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
function recordOf(job: PlannedJob): JobRecord {
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

/** What the seeding stored that the measurements check against. */
type Seeded = {
  seconds: number;
  today: string;
  /** Each fitter's jobs today (not cancelled), in fitter order. */
  fitterJobsToday: number[];
  /** A spread of registrations and how many jobs each has (not cancelled). */
  vehicles: { registration: string; jobs: number }[];
};
let seeded: Seeded | undefined;

/** Everything the year stored, as rows of its tables, numbered as the server would have. */
type HistoryRows = {
  enquiries: (typeof enquiries.$inferInsert)[];
  bookings: (typeof bookings.$inferInsert)[];
  jobs: (typeof jobRows.$inferInsert)[];
  invoices: (typeof invoices.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  referenceCounters: (typeof enquiryReferenceCounters.$inferInsert)[];
  invoiceCounters: (typeof invoiceCounters.$inferInsert)[];
};

/** An invoice or credit note before its number, which follows the order of issue. */
type Issue = { kind: InvoiceKind; bookingId: number; at: Date; document: Omit<InvoiceDocument, 'number'> };

type HistoryContext = {
  content: SiteContent;
  now: Date;
  officeId: number;
  fitterIds: number[];
};

/** The tyre as a booking names it (server/tyres/booking-tyres.ts, tyreDescription). */
const tyreDescription = (tyre: CatalogueTyre) =>
  `${tyre.brand} ${tyre.pattern} ${sizeLabel(tyre)} ${tyre.loadIndex}${tyre.speedRating}` +
  `${tyre.extraLoad ? ' XL' : ''}${tyre.runFlat ? ' run-flat' : ''}`;

/** The rows of the planned jobs: each booking with its enquiry, job, invoices and payment. */
function historyRows(planned: readonly PlannedJob[], { content, now, officeId, fitterIds }: HistoryContext) {
  const seller = sellerOf(content, defaultInvoicingSettings(content.branches));
  const rows: HistoryRows = {
    enquiries: [],
    bookings: [],
    jobs: [],
    invoices: [],
    payments: [],
    referenceCounters: [],
    invoiceCounters: [],
  };
  const monthCounters = new Map<string, number>();
  const issues: Issue[] = [];
  // Never later than now: today's jobs are done up to the present, and no further.
  const notAfterNow = (instant: Date) => new Date(Math.min(instant.getTime(), now.getTime() - minutes(1)));

  planned.forEach((job, index) => {
    const id = index + 1;
    const month = londonDate(job.bookedAt).slice(2, 7).replace('-', '');
    const number = (monthCounters.get(month) ?? 0) + 1;
    monthCounters.set(month, number);
    const reference = `ENQ-${month}-${number < 10_000 ? String(number).padStart(4, '0') : number}`;
    const service = content.services.find((entry) => entry.slug === job.service)!;
    const mobile = job.location === mobileLocation;
    const locationName = bookingLocationName(job.location, content.branches);
    const { vehicle, tyre } = job;
    const tyreText = tyre && tyreDescription(tyre.tyre);
    const done = job.outcome === 'completed';
    // The fitter sets off twenty minutes before the window, arrives within its first hour and
    // takes half an hour to an hour.
    const onTheWayAt = notAfterNow(new Date(job.startsAt.getTime() - minutes(20)));
    const arrivedAt = notAfterNow(new Date(job.startsAt.getTime() + minutes(between(5, 55))));
    const completedAt = notAfterNow(new Date(arrivedAt.getTime() + minutes(between(25, 60))));

    rows.enquiries.push({
      id,
      createdAt: job.bookedAt,
      name: vehicle.name,
      email: vehicle.email,
      phone: vehicle.phone,
      vehicle: vehicle.vehicle,
      service: job.service,
      message: [
        `Online booking: ${service.title}, ${bookingWindowText(job)}, ${locationName}.`,
        `Registration ${vehicle.registration}.`,
        ...(mobile ? [`Address: ${vehicle.addressLine}, ${vehicle.town}.`] : []),
        ...(tyre ? [`Tyres: ${tyre.quantity} × ${tyreText}.`] : []),
      ].join('\n'),
      status: done ? 'completed' : job.outcome === 'cancelled' ? 'closed' : 'booked',
      contacted: true,
      contactedAt: job.bookedAt,
      reference,
      postcode: vehicle.postcode,
    });
    rows.bookings.push({
      id,
      enquiryId: id,
      reference,
      status: job.outcome === 'cancelled' || job.outcome === 'no-show' || done ? job.outcome : 'confirmed',
      service: job.service,
      serviceTitle: service.title,
      location: job.location,
      locationName,
      // The year's jobs are tyre work, whose places are counted under the location.
      placesKey: job.location,
      date: job.date,
      startTime: job.start,
      endTime: job.end,
      startsAt: job.startsAt,
      endsAt: londonInstant(job.date, job.end),
      name: vehicle.name,
      email: vehicle.email,
      phone: vehicle.phone,
      registration: vehicle.registration,
      vehicle: vehicle.vehicle,
      postcode: mobile ? vehicle.postcode : null,
      addressLine: mobile ? vehicle.addressLine : null,
      town: mobile ? vehicle.town : null,
      notes: chance(0.15) ? 'Please ring when ten minutes away.' : '',
      fitterId: fitterIds[job.fitter]!,
      cancelReason: job.outcome === 'cancelled' ? pick(cancelReasons) : null,
      cancelledBy: job.outcome === 'cancelled' ? 'customer' : null,
      manageTokenHash: crypto.createHash('sha256').update(`bench-booking-${id}`).digest('hex'),
      tyreId: tyre?.tyre.id ?? null,
      tyreQuantity: tyre?.quantity ?? null,
      tyreText,
      tyrePricePence: tyre?.price ?? null,
      totalPence: tyre ? tyre.price * tyre.quantity : null,
      tyreSource: tyre?.source ?? null,
      tyresOrderedAt: tyre?.source === 'supplier' ? new Date(job.bookedAt.getTime() + minutes(90)) : null,
      createdAt: job.bookedAt,
      updatedAt: done ? completedAt : job.bookedAt,
    });

    if (job.outcome === 'scheduled' || job.outcome === 'cancelled' || job.outcome === 'no-show') return;
    const status: JobStatus = job.outcome;
    const booked = bookedLines({
      serviceTitle: service.title,
      servicePrices: service.pricing.map((line) => line.price),
      tyre: tyre && { description: tyreText!, quantity: tyre.quantity, price: tyre.price },
    });
    // Now and then the fitter charges for something found on the day.
    const changed = done && chance(0.04);
    const lines: ChargedLine[] = changed
      ? [...booked, { description: 'Replacement valves', quantity: tyre?.quantity ?? 1, unitPence: 500 }]
      : booked;
    rows.jobs.push({
      bookingId: id,
      status,
      eta: job.start,
      onTheWayAt,
      arrivedAt: status === 'on-the-way' ? null : arrivedAt,
      completedAt: done ? completedAt : null,
      notCompletedReason: status === 'not-completed' ? pick(notCompletedReasons) : null,
      record: done ? recordOf(job) : null,
      lines: changed ? lines : null,
      linesReason: changed ? 'The valves were perished: replaced with the tyres.' : null,
      updatedAt: done ? completedAt : status === 'on-the-way' ? onTheWayAt : arrivedAt,
    });
    if (!done) return;

    const { lines: invoiced, totals } = invoiceLines(lines, standardVatRatePercent);
    const document = (kind: InvoiceKind, at: Date): Issue => ({
      kind,
      bookingId: id,
      at,
      document: {
        kind,
        issuedAt: at.toISOString(),
        supplyDate: londonDate(at),
        credits: null,
        seller,
        customer: {
          name: vehicle.name,
          address: mobile ? [vehicle.addressLine, vehicle.town, vehicle.postcode] : [],
          email: vehicle.email,
          phone: vehicle.phone,
        },
        job: {
          reference,
          registration: vehicle.registration,
          vehicle: vehicle.vehicle,
          service: service.title,
        },
        lines: invoiced,
        totals,
        vatRatePercent: standardVatRatePercent,
      },
    });
    issues.push(document('invoice', completedAt));
    // One job in three hundred is credited in full a few days later.
    const creditedAt = new Date(completedAt.getTime() + minutes(between(2, 6) * 1440));
    if (chance(1 / 300) && creditedAt < now) issues.push(document('credit-note', creditedAt));

    // Most pay at the kerb; firms on account by bank transfer a week or two later; a few not yet.
    const method = pick<PaymentMethod>([
      'card',
      'card',
      'card',
      'card',
      'card',
      'card',
      'cash',
      'cash',
      'bank-transfer',
      'account',
    ]);
    const paidLater = new Date(completedAt.getTime() + minutes(between(7, 14) * 1440));
    if ((method === 'account' && paidLater >= now) || chance(0.03)) return;
    const byOffice = method === 'account';
    rows.payments.push({
      bookingId: id,
      method: byOffice ? 'bank-transfer' : method,
      amountPence: totals.grossPence,
      idempotencyKey: `bench-${id}-payment`,
      takenById: byOffice ? officeId : fitterIds[job.fitter]!,
      takenByName: byOffice ? staffAccountEnv.ADMIN_USERNAME : fitterName(job.fitter),
      takenAt: byOffice ? paidLater : new Date(completedAt.getTime() + minutes(2)),
    });
  });

  rows.invoices = numberedInvoices(issues);
  rows.payments = rows.payments
    .sort((a, b) => a.takenAt!.getTime() - b.takenAt!.getTime())
    .map((payment, index) => ({ ...payment, id: index + 1 }));
  rows.referenceCounters = [...monthCounters].map(([month, last]) => ({ month, last }));
  rows.invoiceCounters = invoiceKinds
    .map((kind) => ({ kind, last: rows.invoices.filter((invoice) => invoice.kind === kind).length }))
    .filter((counter) => counter.last > 0);
  return rows;
}

/** Invoices and credit notes in the order they were issued, each series numbered from 1. */
function numberedInvoices(issues: Issue[]): (typeof invoices.$inferInsert)[] {
  const last: Record<InvoiceKind, number> = { invoice: 0, 'credit-note': 0 };
  const invoiceOf = new Map<number, { id: number; number: string }>();
  return issues
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((issue, index) => {
      last[issue.kind] += 1;
      const id = index + 1;
      const number = formatInvoiceNumber(issue.kind, last[issue.kind]);
      const credited = issue.kind === 'credit-note' ? invoiceOf.get(issue.bookingId)! : null;
      if (issue.kind === 'invoice') invoiceOf.set(issue.bookingId, { id, number });
      return {
        id,
        kind: issue.kind,
        number,
        bookingId: issue.bookingId,
        creditsId: credited?.id ?? null,
        document: {
          ...issue.document,
          number,
          credits: credited && {
            number: credited.number,
            reason: 'Goodwill: the customer waited over an hour.',
          },
        },
        grossPence: issue.document.totals.grossPence,
        issuedAt: issue.at,
      };
    });
}

/**
 * Inserts rows a batch at a time, each batch one JSON value that the database unpacks into the
 * table's row type: several times quicker than binding thousands of values one by one, which the
 * embedded database's driver does in JavaScript, value by value.
 */
async function insertRows<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: readonly Table['$inferInsert'][],
) {
  const [first] = rows;
  if (!first) return;
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const names = Object.keys(first).map((key) => columns[key]!.name);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  for (let from = 0; from < rows.length; from += 2_000) {
    const batch = rows
      .slice(from, from + 2_000)
      .map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key]!.name, value])),
      );
    await db.execute(
      sql`insert into ${table} (${list}) select ${list}
        from jsonb_populate_recordset(null::${table}, ${JSON.stringify(batch)}::jsonb)`,
    );
  }
}

/** The accounts: the office member the bench signs in as (server.ts signIn), and the ten fitters. */
async function insertAccounts(db: Database): Promise<{ officeId: number; fitterIds: number[] }> {
  const [office] = await db
    .insert(users)
    .values({
      username: staffAccountEnv.ADMIN_USERNAME,
      passwordHash: await hashPassword(staffAccountEnv.ADMIN_PASSWORD),
      role: 'staff',
    })
    .returning({ id: users.id });
  // One hash for all ten: hashing is slow on purpose, and they share the password.
  const passwordHash = await hashPassword(fitterPassword);
  const fitters = await db
    .insert(users)
    .values(
      Array.from({ length: fitterCount }, (_, index) => ({
        username: fitterName(index),
        passwordHash,
        role: 'fitter',
      })),
    )
    .returning({ id: users.id });
  return { officeId: office!.id, fitterIds: fitters.map((fitter) => fitter.id) };
}

/** The catalogue's tyres by size (205/55 R16). */
async function catalogueBySize(db: Database): Promise<Map<string, CatalogueTyre[]>> {
  const bySize = new Map<string, CatalogueTyre[]>();
  const rows = await db
    .select({
      id: tyres.id,
      brand: tyres.brand,
      pattern: tyres.pattern,
      width: tyres.width,
      profile: tyres.profile,
      rim: tyres.rim,
      loadIndex: tyres.loadIndex,
      speedRating: tyres.speedRating,
      extraLoad: tyres.extraLoad,
      runFlat: tyres.runFlat,
      costPence: tyres.costPence,
    })
    .from(tyres)
    .orderBy(tyres.id);
  for (const tyre of rows) bySize.set(sizeLabel(tyre), [...(bySize.get(sizeLabel(tyre)) ?? []), tyre]);
  return bySize;
}

/**
 * Stores the year: accounts, the demo tyre catalogue (as the server would at its first start),
 * the enquiries and bookings, their jobs, invoices and payments, the counters where the history
 * left them, and the places and tyres the open bookings hold. Returns what the run checks against.
 */
async function seedJobs(options: DatabaseOptions): Promise<Seeded> {
  const started = performance.now();
  const now = new Date();
  const today = londonDate(now);
  const content = seedSiteContent(defaultSiteSettings);
  const database = await openDatabaseBeforeStart(options);
  try {
    await database.migrate();
    const { db } = database;
    // A throwaway PostgreSQL database may hold an earlier run's: start from nothing.
    await db.execute(
      sql`truncate users, enquiries, enquiry_reference_counters, bookings, booking_places, invoices,
        invoice_counters, payments, outbox restart identity cascade`,
    );
    const { officeId, fitterIds } = await insertAccounts(db);
    await seedDemoTyres(db);
    const planned = planJobs(today, now, await catalogueBySize(db), content.branches[0]!.key);
    const rows = historyRows(planned, { content, now, officeId, fitterIds });

    // The staff search's trigram index is built again once the enquiries are in: quicker than
    // taking each row's entries as it arrives (as enquiries-seed.ts does).
    const trigramIndexes = await selectRows<{ name: string; definition: string }>(
      db,
      sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'enquiries' and indexdef like '%gin_trgm_ops%'`,
    );
    for (const { name } of trigramIndexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
    await insertRows(db, enquiries, rows.enquiries);
    for (const { definition } of trigramIndexes) await db.execute(sql.raw(definition));
    await insertRows(db, bookings, rows.bookings);
    await insertRows(db, jobRows, rows.jobs);
    await insertRows(db, invoices, rows.invoices);
    await insertRows(db, payments, rows.payments);
    await insertRows(db, enquiryReferenceCounters, rows.referenceCounters);
    await insertRows(db, invoiceCounters, rows.invoiceCounters);
    for (const table of ['enquiries', 'bookings', 'invoices', 'payments']) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
    // The places the bookings took, and the stock tyres the open ones hold.
    await db.execute(sql`
      insert into ${bookingPlaces} (location, date, start_time, taken)
      select places_key, date, start_time, count(*) from ${bookings}
      where status <> 'cancelled' group by places_key, date, start_time`);
    await db.execute(sql`
      update ${tyres} set reserved = held.quantity, stock = greatest(stock, held.quantity + 4)
      from (select tyre_id, sum(tyre_quantity)::int as quantity from ${bookings}
        where status in ('booked', 'confirmed') and tyre_source = 'stock' group by tyre_id) as held
      where ${tyres.id} = held.tyre_id`);
    if (database.driver === 'postgres') {
      // What autovacuum does within a minute or so of a load this size, done now so that it does
      // not happen in the middle of a measurement. (The embedded database has no autovacuum.)
      await db.execute(sql`vacuum analyze enquiries, bookings, jobs, invoices, payments, booking_places`);
    }
    await checkStored(db, rows);
    return { seconds: (performance.now() - started) / 1000, today, ...checkedAgainst(planned, today) };
  } finally {
    await database.close();
  }
}

/** Counts what was stored, and fails unless it is every row made. */
async function checkStored(db: Database, rows: HistoryRows) {
  const [counts] = await selectRows<
    Record<'bookings' | 'jobs' | 'completed' | 'invoices' | 'payments' | 'vehicles', string | number>
  >(
    db,
    sql`select (select count(*) from bookings) as bookings, (select count(*) from jobs) as jobs,
      (select count(*) from jobs where status = 'completed') as completed,
      (select count(*) from invoices) as invoices, (select count(*) from payments) as payments,
      (select count(distinct registration) from bookings) as vehicles`,
  );
  if (
    Number(counts?.bookings) !== rows.bookings.length ||
    Number(counts?.jobs) !== rows.jobs.length ||
    Number(counts?.invoices) !== rows.invoices.length ||
    Number(counts?.payments) !== rows.payments.length
  ) {
    throw new Error(`seeding stored ${JSON.stringify(counts)}`);
  }
  const creditNotes = rows.invoices.filter((invoice) => invoice.kind === 'credit-note').length;
  console.log(
    `jobs: seeded ${counts?.bookings} bookings of ${fitterCount} fitters over ${historyDays} days with their ` +
      `enquiries, ${counts?.jobs} jobs (${counts?.completed} completed), ${rows.invoices.length - creditNotes} ` +
      `invoices, ${creditNotes} credit notes, ${counts?.payments} payments, ${counts?.vehicles} vehicles`,
  );
}

/** Each fitter's jobs today, and a spread of registrations with their jobs (cancelled ones aside). */
function checkedAgainst(planned: readonly PlannedJob[], today: string) {
  const open = planned.filter((job) => job.outcome !== 'cancelled');
  const jobsOf = new Map<string, number>();
  for (const { vehicle } of open)
    jobsOf.set(vehicle.registration, (jobsOf.get(vehicle.registration) ?? 0) + 1);
  const registrations = [...jobsOf];
  const count = Math.min(measuredVehicles, registrations.length);
  return {
    fitterJobsToday: Array.from(
      { length: fitterCount },
      (_, fitter) => open.filter((job) => job.date === today && job.fitter === fitter).length,
    ),
    vehicles: Array.from({ length: count }, (_, index) => {
      const [registration, jobs] = registrations[Math.floor((index * registrations.length) / count)]!;
      return { registration, jobs };
    }),
  };
}

/** Signs in as `username` and returns the Cookie header of the session (as server.ts signIn). */
async function signInAs(server: ServerProcess, username: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-request': '1', origin: server.url },
    body: JSON.stringify({ username, password }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.startsWith('session='));
  if (!response.ok || !session) throw new Error(`sign-in as ${username} failed: ${response.status}`);
  return session;
}

type RouteFigures = {
  name: string;
  p50: number;
  p95: number;
  p95Floor: number;
  p99: number;
  rps: number;
  rpsFloor: number;
  cpuUsPerRequest: number | undefined;
};

async function runJobs(server: ServerProcess, settings: Settings): Promise<boolean> {
  const { connections } = settings;
  if (!seeded) throw new Error('the jobs were not seeded');
  const { today, fitterJobsToday, vehicles } = seeded;
  console.log(`jobs: a year of history seeded in ${seeded.seconds.toFixed(1)} s`);
  const office = await signIn(server);
  const fitters = await Promise.all(
    fitterJobsToday.map((_, index) => signInAs(server, fitterName(index), fitterPassword)),
  );

  // Each answer checked once before the load: a fitter sees their own jobs only, the office all.
  let ok = true;
  const wrong = (what: string, answer: unknown) => {
    console.log(`${what}: WRONG ANSWER ${JSON.stringify(answer).slice(0, 300)}`);
    ok = false;
  };
  const day = `/api/jobs?date=${today}`;
  for (const [index, cookie] of fitters.entries()) {
    const own = await staffGet<Job[]>(server, cookie, day);
    if (own.length !== fitterJobsToday[index] || own.some((job) => job.fitter?.name !== fitterName(index))) {
      wrong(
        `${fitterName(index)}'s day`,
        own.map((job) => job.fitter?.name),
      );
    }
  }
  const all = await staffGet<Job[]>(server, office, day);
  const dayTotal = fitterJobsToday.reduce((sum, count) => sum + count, 0);
  if (all.length !== dayTotal) wrong(`the office's day (${dayTotal} jobs)`, all.length);
  const sample = vehicles.reduce((most, vehicle) => (vehicle.jobs > most.jobs ? vehicle : most));
  const history = await staffGet<VehicleHistory>(server, office, `/api/vehicles/${sample.registration}`);
  if (
    history.jobs.length !== sample.jobs ||
    !history.jobs.some((job) => job.record && job.invoices.length > 0)
  ) {
    wrong(`${sample.registration}'s history (${sample.jobs} jobs)`, history);
  }

  // Each route's p95 at most this multiple of the floor's p95: a third above what one run gave
  // (1.2x, 1.9x and 5.4x).
  const routes: [name: string, p95: number, options: autocannon.Options][] = [
    [
      `GET ${day} as a fitter (a random one of ${fitterCount}, ${Math.min(...fitterJobsToday)}-${Math.max(...fitterJobsToday)} jobs each)`,
      1.6,
      {
        url: `${server.url}${day}`,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, cookie: fitters[Math.floor(Math.random() * fitters.length)]! },
            }),
          },
        ],
      },
    ],
    [
      `GET ${day} as the office (${dayTotal} jobs)`,
      2.5,
      { url: `${server.url}${day}`, headers: { cookie: office } },
    ],
    [
      `GET /api/vehicles/{registration} as the office (a random one of ${vehicles.length}, ${Math.min(...vehicles.map((v) => v.jobs))}-${Math.max(...vehicles.map((v) => v.jobs))} jobs each)`,
      7.2,
      {
        url: `${server.url}/api/vehicles/${sample.registration}`,
        headers: { cookie: office },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/vehicles/${vehicles[Math.floor(Math.random() * vehicles.length)]!.registration}`,
            }),
          },
        ],
      },
    ],
  ];
  const figures: RouteFigures[] = [];
  for (const [name, p95Target, options] of routes) {
    const run = await measure(server, settings, { ...options, connections });
    if (!report(name, run, { p95: p95Target })) ok = false;
    const { result, latenciesMs, cpuMs } = run;
    const sorted = [...latenciesMs].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    figures.push({
      name,
      p50: percentile(sorted, 50),
      p95,
      p99: percentile(sorted, 99),
      p95Floor: p95 / run.floor.p95,
      rps: result.requests.average,
      rpsFloor: result.requests.average / run.floor.rps,
      cpuUsPerRequest: cpuMs === undefined ? undefined : (cpuMs * 1000) / result.requests.total,
    });
  }
  console.log(
    [
      `jobs at ${connections} connections:`,
      ...figures.map(
        ({ name, p50, p95, p95Floor, p99, rps, rpsFloor, cpuUsPerRequest }) =>
          `  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms = ${times(p95Floor).padStart(5)} floor  ` +
          `p99 ${p99.toFixed(1).padStart(6)} ms  ${rps.toFixed(0).padStart(5)} req/s = ${times(rpsFloor).padStart(5)} floor  ` +
          `${cpuUsPerRequest === undefined ? '' : `${cpuUsPerRequest.toFixed(0).padStart(6)} µs CPU  `}` +
          name.split(' (')[0],
      ),
    ].join('\n'),
  );
  return ok;
}

export const jobs: Scenario & { defaultConnections: number } = {
  prepare: async (database) => {
    seeded = await seedJobs(database);
  },
  // Twenty at once: the ten fitters opening their day and the office at the diary and the counter.
  defaultConnections: 20,
  run: runJobs,
};
