// The `jobs` scenario's rows: each planned job (jobs-plan.ts) as the server would have stored it,
// its enquiry and booking, its job, its invoices and payment, numbered in the order they arose.
// The row makers run in the plan's order and draw from the shared generator in a fixed order, so
// that every run stores the same rows.
import crypto from 'node:crypto';
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
import { notCompletedReasons, type JobStatus } from '#common/jobs/jobs.ts';
import { bookedLines } from '#common/jobs/lines.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import { londonDate, londonInstant } from '#common/time/london.ts';
import { sizeLabel } from '#common/tyres/size.ts';
import type {
  bookings,
  enquiries,
  enquiryReferenceCounters,
  invoiceCounters,
  invoices,
  jobs,
  payments,
} from '#server/db/schema.ts';
import { sellerOf } from '#server/jobs/invoices.ts';
import type { CatalogueTyre } from './jobs-customers.ts';
import { fitterName, recordOf, type PlannedJob } from './jobs-plan.ts';
import { between, chance, minutes, pick } from './jobs-random.ts';
import { staffAccountEnv } from './server.ts';

const cancelReasons = [
  'Sold the car.',
  'Found a cheaper price.',
  'Going away that week.',
  'Garage fixed it.',
];
/** How customers paid: most at the kerb, firms on account by bank transfer a week or two later. */
const paymentMethods: PaymentMethod[] = [
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
];

/** Everything the year stored, as rows of its tables, numbered as the server would have. */
export type HistoryRows = {
  enquiries: (typeof enquiries.$inferInsert)[];
  bookings: (typeof bookings.$inferInsert)[];
  jobs: (typeof jobs.$inferInsert)[];
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

/** A planned job with the ids, reference and times its rows share. */
type BookedJob = {
  job: PlannedJob;
  id: number;
  reference: string;
  service: SiteContent['services'][number];
  mobile: boolean;
  locationName: string;
  tyreText: string | null;
  done: boolean;
  onTheWayAt: Date;
  arrivedAt: Date;
  completedAt: Date;
};

/** The tyre as a booking names it (server/tyres/booking-tyres.ts, tyreDescription). */
const tyreDescription = (tyre: CatalogueTyre) =>
  `${tyre.brand} ${tyre.pattern} ${sizeLabel(tyre)} ${tyre.loadIndex}${tyre.speedRating}` +
  `${tyre.extraLoad ? ' XL' : ''}${tyre.runFlat ? ' run-flat' : ''}`;

/** Enquiry references as the server gives them: ENQ-YYMM-NNNN, counting up within each month. */
function referenceCounter() {
  const lastOfMonth = new Map<string, number>();
  return {
    next(bookedAt: Date): string {
      const month = londonDate(bookedAt).slice(2, 7).replace('-', '');
      const number = (lastOfMonth.get(month) ?? 0) + 1;
      lastOfMonth.set(month, number);
      return `ENQ-${month}-${number < 10_000 ? String(number).padStart(4, '0') : number}`;
    },
    rows: () => [...lastOfMonth].map(([month, last]) => ({ month, last })),
  };
}

/**
 * The job's ids and times. The fitter sets off twenty minutes before the window, arrives within
 * its first hour and takes half an hour to an hour; never later than now: today's jobs are done
 * up to the present, and no further.
 */
function bookedJob(
  job: PlannedJob,
  id: number,
  reference: string,
  { content, now }: HistoryContext,
): BookedJob {
  const notAfterNow = (instant: Date) => new Date(Math.min(instant.getTime(), now.getTime() - minutes(1)));
  const onTheWayAt = notAfterNow(new Date(job.startsAt.getTime() - minutes(20)));
  const arrivedAt = notAfterNow(new Date(job.startsAt.getTime() + minutes(between(5, 55))));
  const completedAt = notAfterNow(new Date(arrivedAt.getTime() + minutes(between(25, 60))));
  return {
    job,
    id,
    reference,
    service: content.services.find((entry) => entry.slug === job.service)!,
    mobile: job.location === mobileLocation,
    locationName: bookingLocationName(job.location, content.branches),
    tyreText: job.tyre && tyreDescription(job.tyre.tyre),
    done: job.outcome === 'completed',
    onTheWayAt,
    arrivedAt,
    completedAt,
  };
}

function enquiryRow(booked: BookedJob): typeof enquiries.$inferInsert {
  const { job, id, reference, service, mobile, locationName, tyreText, done } = booked;
  const { vehicle, tyre } = job;
  return {
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
  };
}

function bookingRow(booked: BookedJob, fitterIds: readonly number[]): typeof bookings.$inferInsert {
  const { job, id, reference, service, mobile, locationName, tyreText, done, completedAt } = booked;
  const { vehicle, tyre } = job;
  return {
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
  };
}

/**
 * The job of a booking the fitter reached or set off for (none for one still to come, cancelled
 * or missed), with the lines it charged.
 */
function jobRow(booked: BookedJob): { row: typeof jobs.$inferInsert; lines: ChargedLine[] } | null {
  const { job, id, service, tyreText, done, onTheWayAt, arrivedAt, completedAt } = booked;
  if (job.outcome === 'scheduled' || job.outcome === 'cancelled' || job.outcome === 'no-show') return null;
  const status: JobStatus = job.outcome;
  const { tyre } = job;
  const asBooked = bookedLines({
    serviceTitle: service.title,
    servicePrices: service.pricing.map((line) => line.price),
    tyre: tyre && { description: tyreText!, quantity: tyre.quantity, price: tyre.price },
  });
  // Now and then the fitter charges for something found on the day.
  const changed = done && chance(0.04);
  const lines: ChargedLine[] = changed
    ? [...asBooked, { description: 'Replacement valves', quantity: tyre?.quantity ?? 1, unitPence: 500 }]
    : asBooked;
  const row = {
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
  };
  return { row, lines };
}

/** A completed job's invoice, and now and then (one job in three hundred) a credit note for it. */
function issuesOf(booked: BookedJob, lines: ChargedLine[], seller: ReturnType<typeof sellerOf>, now: Date) {
  const { job, id, reference, service, mobile, completedAt } = booked;
  const { vehicle } = job;
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
  const issues = [document('invoice', completedAt)];
  // A credit note comes in full a few days later.
  const creditedAt = new Date(completedAt.getTime() + minutes(between(2, 6) * 1440));
  if (chance(1 / 300) && creditedAt < now) issues.push(document('credit-note', creditedAt));
  return { issues, grossPence: totals.grossPence };
}

/** A completed job's payment: none for a few, nor for an account not yet due. */
function paymentRow(
  booked: BookedJob,
  grossPence: number,
  { now, officeId, fitterIds }: HistoryContext,
): typeof payments.$inferInsert | null {
  const { job, id, completedAt } = booked;
  const method = pick(paymentMethods);
  const paidLater = new Date(completedAt.getTime() + minutes(between(7, 14) * 1440));
  if ((method === 'account' && paidLater >= now) || chance(0.03)) return null;
  const byOffice = method === 'account';
  return {
    bookingId: id,
    method: byOffice ? 'bank-transfer' : method,
    amountPence: grossPence,
    idempotencyKey: `bench-${id}-payment`,
    takenById: byOffice ? officeId : fitterIds[job.fitter]!,
    takenByName: byOffice ? staffAccountEnv.ADMIN_USERNAME : fitterName(job.fitter),
    takenAt: byOffice ? paidLater : new Date(completedAt.getTime() + minutes(2)),
  };
}

/** The rows of the planned jobs: each booking with its enquiry, job, invoices and payment. */
export function historyRows(planned: readonly PlannedJob[], context: HistoryContext): HistoryRows {
  const seller = sellerOf(context.content, defaultInvoicingSettings(context.content.branches));
  const references = referenceCounter();
  const rows: Pick<HistoryRows, 'enquiries' | 'bookings' | 'jobs' | 'payments'> = {
    enquiries: [],
    bookings: [],
    jobs: [],
    payments: [],
  };
  const issues: Issue[] = [];
  planned.forEach((job, index) => {
    const booked = bookedJob(job, index + 1, references.next(job.bookedAt), context);
    rows.enquiries.push(enquiryRow(booked));
    rows.bookings.push(bookingRow(booked, context.fitterIds));
    const work = jobRow(booked);
    if (!work) return;
    rows.jobs.push(work.row);
    if (!booked.done) return;
    const issued = issuesOf(booked, work.lines, seller, context.now);
    issues.push(...issued.issues);
    const payment = paymentRow(booked, issued.grossPence, context);
    if (payment) rows.payments.push(payment);
  });

  const numbered = numberedInvoices(issues);
  return {
    ...rows,
    invoices: numbered,
    payments: rows.payments
      .sort((a, b) => a.takenAt!.getTime() - b.takenAt!.getTime())
      .map((payment, index) => ({ ...payment, id: index + 1 })),
    referenceCounters: references.rows(),
    invoiceCounters: invoiceKinds
      .map((kind) => ({ kind, last: numbered.filter((invoice) => invoice.kind === kind).length }))
      .filter((counter) => counter.last > 0),
  };
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
