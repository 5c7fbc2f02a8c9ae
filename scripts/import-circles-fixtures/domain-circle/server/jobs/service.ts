import { bookingTitle } from '../bookings/routes.ts';

export const jobOfBooking = (bookingId: number) => `Job for ${bookingTitle(bookingId)}`;
