// zod/mini: the fitter's phone validates with it before queueing an action.
import * as z from 'zod/mini';
import type { MotTest, RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';
import { formatPence } from '#common/util/money.ts';
import { jobStatusLabels, type JobStatus } from '#common/bookings/state-words.ts';
import type { OnlineTakings } from '#common/payments/payments.ts';
import { takenMethods, type ChargedLine, type PaymentMethod } from './invoice.ts';

/** The fitter's day: a job's statuses, actions and record, shared by the server and the phone. */

// Their words are those of every booking's and job's state (common/bookings/state-words.ts).
export { jobStatuses, jobStatusLabels, type JobStatus } from '#common/bookings/state-words.ts';

/**
 * Where a job stands: what the office made of its booking (completed, a no-show), else the
 * fitter's own status (`scheduled` until the fitter starts).
 */
export function jobStatusOf(bookingStatus: string, fitterStatus: string | null): JobStatus {
  if (bookingStatus === 'completed') return 'completed';
  if (bookingStatus === 'no-show') return 'not-completed';
  return (fitterStatus as JobStatus | null) ?? 'scheduled';
}

/** Why a job was not completed: a no-show as the office marked it, else the fitter's reason. */
export const notCompletedReasonOf = (bookingStatus: string, fitterReason: string | null) =>
  bookingStatus === 'no-show' ? 'No-show' : fitterReason;

export const tyrePositions = ['nsf', 'osf', 'nsr', 'osr', 'spare'] as const;
export type TyrePosition = (typeof tyrePositions)[number];

export const tyrePositionLabels: Record<TyrePosition, string> = {
  nsf: 'Near-side front',
  osf: 'Off-side front',
  nsr: 'Near-side rear',
  osr: 'Off-side rear',
  spare: 'Spare',
};

/** Why a job could not be completed: the common reasons, or the fitter's own words. */
export const notCompletedReasons = [
  'No one there',
  'Wrong tyre size',
  'Locking wheel nut key missing',
] as const;

export const jobLimits = {
  idempotencyKey: 100,
  text: 100,
  advisories: 1000,
  notes: 1000,
  reason: 500,
  photos: 6,
  lines: 20,
  lineDescription: 120,
  /** £10,000 in pence: more on one job (a payment, a line, a job's total) is a typing slip. */
  amount: 1_000_000,
} as const;

const tooLong = (max: number) => `Must be ${max} characters or fewer`;

const text = (max: number, required?: string) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : value)),
    z
      .string(required ?? 'Must be text')
      .check(...(required ? [z.minLength(1, required)] : []), z.maxLength(max, tooLong(max))),
  );

/** A DOT date code's week and year, as moulded on the sidewall: `2324` is week 23 of 2024. */
const dotPattern = /^(0[1-9]|[1-4][0-9]|5[0-3])[0-9]{2}$/;
const dotMessage = 'Enter the DOT week and year as four digits, for example 2324';

const fittedTyreSchema = z.object({
  position: z.enum(tyrePositions, 'Choose the position: nsf, osf, nsr, osr or spare'),
  brand: text(jobLimits.text, 'Enter the brand'),
  pattern: text(jobLimits.text, 'Enter the pattern'),
  size: text(jobLimits.text, 'Enter the size, for example 205/55 R16 91V'),
  dot: z.pipe(text(4, dotMessage), z.string().check(z.regex(dotPattern, dotMessage))),
});

const treadMm = z
  .number('Enter the tread depth in mm')
  .check(z.minimum(0, 'Tread depth cannot be negative'), z.maximum(20, 'Tread depth must be 20 mm or less'));

/** What was done on a completed job (`record` of the `completed` event). */
export const jobRecordSchema = z
  .object({
    tyres: z._default(z.array(fittedTyreSchema), []),
    removedTreadMm: z._default(z.partialRecord(z.enum(tyrePositions), treadMm), {}),
    torqued: z._default(z.boolean('Say whether the wheel nuts were torqued'), false),
    tpmsReset: z._default(z.boolean('Say whether the TPMS was reset'), false),
    advisories: z._default(text(jobLimits.advisories), ''),
    notes: z._default(text(jobLimits.notes), ''),
  })
  .check(
    z.superRefine((record, context) => {
      const seen = new Set<string>();
      record.tyres.forEach((tyre, index) => {
        if (seen.has(tyre.position)) {
          context.issues.push({
            code: 'custom',
            input: tyre.position,
            path: ['tyres', index, 'position'],
            message: 'Each position takes one tyre',
          });
        }
        seen.add(tyre.position);
      });
    }),
  );

export type JobRecord = z.output<typeof jobRecordSchema>;

const idempotencyKey = z
  .string('Send an idempotencyKey')
  .check(
    z.minLength(8, 'The idempotencyKey must be 8 to 100 characters'),
    z.maxLength(jobLimits.idempotencyKey, 'The idempotencyKey must be 8 to 100 characters'),
    z.regex(/^[A-Za-z0-9_.:-]+$/, 'The idempotencyKey may hold letters, digits and - _ . : only'),
  );

const pence = (message: string) =>
  z.number(message).check(z.int(message), z.minimum(0, message), z.maximum(jobLimits.amount, message));

/** A line as charged, when the fitter changes the booking's. */
const chargedLineSchema = z.object({
  description: text(jobLimits.lineDescription, 'Describe the line'),
  quantity: z
    .number('Enter how many')
    .check(z.int('Enter a whole number'), z.minimum(1, 'At least 1'), z.maximum(99, 'At most 99')),
  unitPence: pence('Enter the price of one in pence, VAT included'),
});

export const jobTotalMessage = (total: number) =>
  `A job comes to at most ${formatPence(jobLimits.amount)}: with this line it would be ${formatPence(total)}`;

/**
 * The lines as charged, at most `jobLimits.lines`, whose total stays within `jobLimits.amount`:
 * the first line to take it past is the one at fault (99 × £10,000 is a slip of the thumb, not a
 * price).
 */
const chargedLinesSchema = z.array(chargedLineSchema).check(
  z.maxLength(jobLimits.lines, `At most ${jobLimits.lines} lines`),
  z.superRefine((lines, context) => {
    let total = 0;
    for (const [index, line] of lines.entries()) {
      total += line.quantity * line.unitPence;
      if (total > jobLimits.amount) {
        context.issues.push({
          code: 'custom',
          input: line.unitPence,
          path: [index, 'unitPence'],
          message: jobTotalMessage(total),
        });
        return;
      }
    }
  }),
);

/** When the fitter expects to arrive, HH:MM London time. */
export const etaSchema = z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter a time, HH:MM'));

/** Why a job could not be completed: one of notCompletedReasons, or the fitter's own words. */
export const notCompletedReasonSchema = text(jobLimits.reason, 'Say why the job could not be completed');

/** POST /api/jobs/{id}/events's body. */
export const jobEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('on-the-way'),
    idempotencyKey,
    /** The window's start when absent. */
    eta: z.optional(etaSchema),
  }),
  z.object({ type: z.literal('arrived'), idempotencyKey }),
  z.object({
    type: z.literal('completed'),
    idempotencyKey,
    record: jobRecordSchema,
    /** The lines to charge, when they differ from the booking's, and why. */
    lines: z.optional(chargedLinesSchema),
    linesReason: z.optional(text(jobLimits.reason)),
  }),
  z.object({
    type: z.literal('not-completed'),
    idempotencyKey,
    reason: notCompletedReasonSchema,
  }),
]);

export type JobEventInput = z.input<typeof jobEventSchema>;
export type JobEvent = z.output<typeof jobEventSchema>;
type JobEventType = JobEvent['type'];

/** POST /api/jobs/{id}/payments's body. */
export const jobPaymentSchema = z.object({
  method: z.enum(takenMethods, 'Choose card, cash, bank-transfer or account'),
  amount: z
    .number('Enter the amount in pence')
    .check(
      z.int('Enter the amount in whole pence'),
      z.minimum(1, 'The amount must be at least 1p'),
      z.maximum(jobLimits.amount, 'The amount is too large'),
    ),
  idempotencyKey,
});

export type JobPaymentInput = z.input<typeof jobPaymentSchema>;

export const linesReasonMessage = 'Say why the charge differs from the booking';

export const noPriceChangeHeldMessage = 'This job has no price change waiting for approval.';

/** GET /api/jobs/next: the first day after the one asked about with a job, or null when none is booked. */
export type NextJobDay = { date: string | null };

/** A job as GET /api/jobs answers it: what the fitter needs at the kerb, signal or not. */
export type Job = {
  /** The booking's id. */
  id: number;
  reference: string;
  date: string;
  /** London wall-clock times, HH:MM. */
  window: { start: string; end: string };
  status: JobStatus;
  /** The arrival time given with "On my way", HH:MM. */
  eta: string | null;
  fitter: { id: number; name: string } | null;
  customer: {
    name: string;
    phone: string;
    /** The first line and town, one line ("12 High Street, Romford"); null at a branch. */
    address: string | null;
    postcode: string | null;
  };
  /** Where: `mobile` or a branch's key, and its name. */
  location: string;
  locationName: string;
  vehicle: string;
  registration: string;
  service: string;
  /** The tyres to fit: those booked with the fitting, or null (then the notes say). */
  tyres: { description: string; quantity: number; source: 'stock' | 'supplier' } | null;
  notes: string;
  /** Mobile work: the customer's answer about locking wheel nuts ("Yes, key: glovebox"), or null. */
  lockingNuts: string | null;
  notCompletedReason: string | null;
  /** What is charged (the booking's lines, or the fitter's), its total, and what has been paid. */
  lines: { description: string; quantity: number; unitPence: number }[];
  total: number;
  paid: number;
  /**
   * When the fitter changed the booking's lines: what the booking came to, why, and whether the
   * invoice waits for the office's approval (a reduction past the owner's limit); else null.
   */
  priceChange: { bookedTotal: number; reason: string; held: boolean } | null;
  photos: number;
  /** The invoice's number once the job is completed (and its price change approved, if held). */
  invoice: string | null;
  /** What credit notes have given back of it, in pence. */
  credited: number;
  /** Whether its customer is asked for a review the day after it is done (staff may untick it). */
  reviewRequest: boolean;
};

export const jobNotFoundMessage = 'That job does not exist, or it is not yours.';

/** The actions a job takes in each status; a completed job takes none. */
const jobNextEvents: Record<JobStatus, readonly JobEventType[]> = {
  scheduled: ['on-the-way', 'arrived', 'completed', 'not-completed'],
  'on-the-way': ['on-the-way', 'arrived', 'completed', 'not-completed'],
  arrived: ['arrived', 'completed', 'not-completed'],
  completed: [],
  'not-completed': [],
};

/** Why a job in `status` cannot take `type`, or null when it can. */
export function jobEventRefusal(status: JobStatus, type: JobEventType): string | null {
  if (jobNextEvents[status].includes(type)) return null;
  if (status === 'completed') return 'This job is already completed.';
  if (status === 'not-completed') {
    return 'This job was marked as not completed: the office will give it to a fitter again.';
  }
  return `This job is ${jobStatusLabels[status].toLowerCase()}: it cannot go back to ${jobStatusLabels[
    type === 'on-the-way' ? 'on-the-way' : 'arrived'
  ].toLowerCase()}.`;
}

/** GET /api/takings?date=: what was taken that London day, in all and by whom, by method (pence). */
export type Takings = {
  date: string;
  total: number;
  byMethod: Record<PaymentMethod, number>;
  fitters: {
    /** Who took it (null when the account has since been deleted and its name is gone). */
    fitter: { id: number | null; name: string } | null;
    total: number;
    payments: number;
    byMethod: Record<PaymentMethod, number>;
  }[];
  /** Payments online (in `total` and `byMethod.online` too) and refunds (money out), with Stripe's ids. */
  online: OnlineTakings;
};

/** A photo or the customer's signature, as GET /api/jobs/{id}/photos lists it. */
export type JobPhoto = {
  id: number;
  kind: 'photo' | 'signature';
  width: number;
  height: number;
  url: string;
};

/** POST /api/jobs/{id}/credit-notes' body (owners): why, and how much when not all that is left. */
export type CreditNoteInput = { reason: string; amount?: number };
/** POST /api/jobs/{id}/credit-notes' answer: the credit note's number and total (pence). */
export type IssuedCreditNote = { number: string; total: number };

/** One visit in a vehicle's history (GET /api/vehicles/{registration}). */
export type VehicleJob = {
  id: number;
  reference: string;
  date: string;
  service: string;
  status: JobStatus;
  /** Why the fitter could not complete it, when they could not. */
  notCompletedReason: string | null;
  locationName: string;
  fitter: string | null;
  /** What was fitted and measured, once completed. */
  record: JobRecord | null;
  completedAt: string | null;
  invoices: { number: string; kind: 'invoice' | 'credit-note'; total: number; issuedAt: string }[];
};

/** GET /api/vehicles/{registration}: every job on a vehicle, newest first. */
export type VehicleHistory = {
  registration: string;
  /** The make and model as last booked. */
  vehicle: string | null;
  /**
   * When its MOT runs out (YYYY-MM-DD), when known: a year on from an MOT here, as staff set it, or
   * from the DVSA's MOT history.
   */
  motExpiry: string | null;
  /** Where that date came from; null for a date kept before this was (taken as set by hand). */
  motExpirySource: 'here' | 'staff' | 'dvsa' | null;
  /** Its latest MOT test as the DVSA's MOT history gave it, with the items that name a tyre. */
  motTest: MotTest | null;
  /** When the MOT history was last read for it. */
  motCheckedAt: string | null;
  /** The vehicle as the DVLA last answered for it (make, colour, year, fuel), where it was looked up. */
  registered: RegisteredVehicle | null;
  jobs: VehicleJob[];
};

/** What a person's data export holds of the jobs done for them (GET /api/privacy/export). */
export type SubjectJob = {
  bookingId: number;
  status: string;
  /** The arrival time the fitter gave (HH:MM, London), or null. */
  eta: string | null;
  record: JobRecord | null;
  completedAt: string | null;
  notCompletedReason: string | null;
  /** The lines charged when the fitter changed the booking's price, and why; null when not. */
  lines: ChargedLine[] | null;
  linesReason: string | null;
  /** The photos and signature, their bytes in base64. */
  photos: { kind: string; contentType: string; width: number; height: number; base64: string }[];
  payments: { method: PaymentMethod; amount: number; takenAt: string }[];
};
