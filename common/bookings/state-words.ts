// No imports, no validation library: the diary, the fitter's phone, the booking page and the
// server's e-mails all read a booking's state in these words.

/** A booking's statuses, as the office moves it along (common/bookings/booking.ts). */
export const bookingStatuses = ['booked', 'confirmed', 'completed', 'no-show', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A job's statuses, as the fitter moves it along (common/jobs/jobs.ts). */
export const jobStatuses = ['scheduled', 'on-the-way', 'arrived', 'completed', 'not-completed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Where a booking stands, its job included: a booking status, or how far its fitter has got. */
type BookingState = BookingStatus | JobStatus;

/**
 * The one set of words for where a booking or its job stands, whoever reads it: the diary, the
 * office's and the fitter's jobs, and the e-mails. Completed is one state whether the office or
 * the fitter said so.
 */
export const stateWords: Record<BookingState, string> = {
  booked: 'Booked',
  confirmed: 'Confirmed',
  scheduled: 'Not started',
  'on-the-way': 'On the way',
  arrived: 'Arrived',
  completed: 'Completed',
  'not-completed': 'Not completed',
  'no-show': 'No-show',
  cancelled: 'Cancelled',
};

/** The words of a booking's own statuses (its status badge, the customer's page). */
export const bookingStatusLabels: Record<BookingStatus, string> = stateWords;

/** The words of a job's statuses (the jobs, a vehicle's visits, the diary's job line). */
export const jobStatusLabels: Record<JobStatus, string> = stateWords;
