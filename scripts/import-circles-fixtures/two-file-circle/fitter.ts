import { bookingRef } from './booking.ts';

export const fitterOf = (bookingId: number) => `the fitter of ${bookingRef(bookingId)}`;
