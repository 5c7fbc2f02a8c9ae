export const jobOfBooking = (bookingId: number) => `Job for booking ${bookingId}`;
