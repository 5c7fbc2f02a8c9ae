import { noBookingPayment } from '#common/payments/payments.ts';
import type { Fitter } from '#common/accounts/accounts.ts';
import type { Booking } from '#common/bookings/booking.ts';

/** Test data: two fitter accounts. */
export const fitters = {
  // Named as the server names them: Dave by his display name, Kemal, who has none, by username.
  dave: { id: 7, name: 'Dave Smith' },
  kemal: { id: 9, name: 'kemal' },
} satisfies Record<string, Fitter>;

/** What GET /api/fitters answers with them: by name. */
export const testFitters: Fitter[] = [fitters.dave, fitters.kemal];

const locationNames: Record<string, string> = {
  mobile: 'Mobile fitting',
  'harold-hill': 'Harold Hill branch',
  upminster: 'Upminster branch',
};

/** Test data: a booking made online for mobile fitting, with overrides. */
export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  const id = overrides.id ?? 42;
  const location = overrides.location ?? 'mobile';
  const date = overrides.date ?? '2026-11-24';
  const start = overrides.start ?? '08:00';
  const end = overrides.end ?? `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`;
  return {
    id,
    reference: `ENQ-2611-${String(id).padStart(4, '0')}`,
    enquiryId: id + 100,
    status: 'booked',
    service: 'puncture-repair',
    serviceTitle: 'Puncture Repair',
    location,
    locationName: locationNames[location] ?? location,
    date,
    start,
    end,
    startsAt: `${date}T${start}:00.000Z`,
    endsAt: `${date}T${end}:00.000Z`,
    name: 'Sarah Mitchell',
    email: 'sarah@example.com',
    phone: '07700 900123',
    registration: 'AB12CDE',
    vehicle: 'Ford Focus 2019',
    postcode: location === 'mobile' ? 'RM3 0AB' : null,
    addressLine: location === 'mobile' ? '12 High Street' : null,
    town: location === 'mobile' ? 'Romford' : null,
    outsideArea: false,
    notes: '',
    lockingNuts: null,
    lockingNutKey: null,
    fitter: null,
    job: null,
    cancelReason: null,
    cancelledBy: null,
    tyre: null,
    callOutPence: 0,
    payment: noBookingPayment,
    createdAt: '2026-11-20T09:15:00.000Z',
    updatedAt: '2026-11-20T09:15:00.000Z',
    ...overrides,
  };
}
