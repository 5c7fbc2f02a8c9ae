// What the rest of the app may use of this feature.
export { BookingsTab } from './bookings-tab.tsx';
export { bookingsQueryKey } from './booking-queries.ts';
// The fitter accounts jobs can be given to (the Settings tab's vans' starts).
export { useFitters } from './booking-queries.ts';
