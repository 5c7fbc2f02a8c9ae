export const bookingTitle = (id: number) => `Booking ${id}`;
