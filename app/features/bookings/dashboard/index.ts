// What the rest of the app may use of this feature.
export { BookingsTab } from './bookings-tab.tsx';
export { bookingsQueryKey } from './booking-queries.ts';
