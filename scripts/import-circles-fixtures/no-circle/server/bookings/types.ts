export type Booking = { id: number; title: string };
