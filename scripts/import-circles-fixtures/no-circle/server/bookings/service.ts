import { jobOfBooking } from '../jobs/service.ts';
import type { Booking } from './types.ts';

export const bookingWithJob = (booking: Booking) => ({ ...booking, job: jobOfBooking(booking.id) });
