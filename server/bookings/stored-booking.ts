import { z } from 'zod';
import { bookingStatuses, type Booking } from '#common/bookings/booking.ts';
import { bookingPaymentStatuses, noBookingPayment } from '#common/payments/payments.ts';
import { jobStatuses } from '#common/jobs/jobs.ts';
import { lockingNutsAnswers } from '#common/bookings/words.ts';

/**
 * A booking as an outbox message stores it, as it was when the e-mail was queued: checked again
 * when the message is read back, with what e-mails queued before a field existed lack filled in.
 */
export const storedBookingSchema = z.object({
  id: z.number(),
  reference: z.string(),
  enquiryId: z.number(),
  status: z.enum(bookingStatuses),
  service: z.string(),
  serviceTitle: z.string(),
  location: z.string(),
  locationName: z.string(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  registration: z.string(),
  vehicle: z.string(),
  postcode: z.string().nullable(),
  // E-mails queued before bookings carried an address, a fitter or a job have none.
  addressLine: z.string().nullable().default(null),
  town: z.string().nullable().default(null),
  outsideArea: z.boolean(),
  notes: z.string(),
  // E-mails queued before bookings asked about locking wheel nuts have no answer.
  lockingNuts: z.enum(lockingNutsAnswers).nullable().default(null),
  lockingNutKey: z.string().nullable().default(null),
  fitter: z.object({ id: z.number(), name: z.string() }).nullable().default(null),
  job: z
    .object({
      status: z.enum(jobStatuses),
      notCompletedReason: z.string().nullable(),
      // Entries queued before jobs could wait for a price approval have neither.
      priceHeld: z.boolean().default(false),
      linesReason: z.string().nullable().default(null),
    })
    .nullable()
    .default(null),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  // E-mails queued before bookings could carry tyres have none.
  tyre: z
    .object({
      id: z.number(),
      description: z.string(),
      quantity: z.number(),
      price: z.number(),
      total: z.number(),
      source: z.enum(['stock', 'supplier']),
      orderedAt: z.string().nullable(),
    })
    .nullable()
    .default(null),
  // E-mails queued before bookings carried a call-out charge have none.
  callOutPence: z.number().default(0),
  // E-mails queued before bookings carried money asked online have none.
  payment: z
    .object({
      status: z.enum(bookingPaymentStatuses),
      amountPence: z.number(),
      paidPence: z.number(),
      refundedPence: z.number(),
    })
    .default(noBookingPayment),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Booking, unknown>;
