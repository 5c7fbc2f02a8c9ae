import type { BookingStatus } from '#common/bookings/booking.ts';

/** A customer's booking as its page shows it (routes/booking-manage.tsx), written for people. */
export type ManagedBookingView = {
  reference: string;
  status: BookingStatus;
  statusLabel: string;
  serviceTitle: string;
  locationName: string;
  /** A branch's address; none for mobile fitting. */
  address: string | null;
  /** "Tuesday 24 November 2026" */
  date: string;
  /** "8:00am – 10:00am" */
  window: string;
  name: string;
  /** As people write it: "AB12 CDE". */
  registration: string;
  vehicle: string;
  postcode: string | null;
  /** "2 × Hankook Ventus Prime 4 205/55 R16 91V", and "£149.98 in all, fully fitted"; null without tyres. */
  tyres: { what: string; total: string } | null;
  canCancel: boolean;
  /** How long before the window online cancellation closes. */
  noticeHours: number;
};

/** What the manage page's action answers when it does not redirect. */
export type ManageActionData =
  /** Without scripts, the first press of Cancel asks to confirm. */
  { outcome: 'confirm' } | { outcome: 'refused'; error: string };
