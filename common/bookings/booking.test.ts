import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  bookingSchema,
  addressLineForMobileMessage,
  lockingNutsText,
  postcodeForMobileMessage,
  townForMobileMessage,
  type BookingInput,
} from './booking.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { enquirySchema } from '#common/enquiries/enquiry.ts';
import { postcodeMessage } from '#common/site-content/postcode.ts';

function makeBooking(overrides: Partial<Record<keyof BookingInput, unknown>> = {}): Record<string, unknown> {
  return {
    service: 'puncture-repair',
    location: 'mobile',
    date: '2026-12-01',
    start: '08:00',
    name: 'Sam Driver',
    phone: '07700 900123',
    email: 'sam@example.com',
    registration: 'AB12 CDE',
    vehicle: 'Ford Focus',
    postcode: 'RM3 0AB',
    addressLine: '12 High Street',
    town: 'Romford',
    notes: '',
    ...overrides,
  };
}

const parse = (overrides: Parameters<typeof makeBooking>[0]) =>
  z.safeParse(bookingSchema, makeBooking(overrides));
const errorsOf = (overrides: Parameters<typeof makeBooking>[0]) => {
  const result = parse(overrides);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
};

describe('a booking’s registration', () => {
  it.each([
    ['AB12 CDE', 'AB12CDE'],
    [' ab12-cde ', 'AB12CDE'],
    ['ABC 123D', 'ABC123D'],
  ])('accepts %j, stored as %j', (registration, stored) => {
    expect(parse({ registration }).data?.registration).toBe(stored);
  });

  it.each(['', 'ABCDEFGH', 'AB12 CD!'])('refuses %j', (registration) => {
    expect(errorsOf({ registration })).toEqual({ registration: [registrationMessage] });
  });
});

describe('the booking form', () => {
  it('accepts a booking, trimmed and tidied', () => {
    expect(
      z.parse(
        bookingSchema,
        makeBooking({
          name: '  Sam Driver ',
          registration: 'ab12cde',
          postcode: 'rm30ab',
          addressLine: ' 12 High Street ',
          notes: ' Parked on the drive ',
          lockingNuts: 'yes',
          lockingNutKey: ' In the glovebox ',
        }),
      ),
    ).toEqual({
      service: 'puncture-repair',
      location: 'mobile',
      date: '2026-12-01',
      start: '08:00',
      name: 'Sam Driver',
      phone: '07700 900123',
      email: 'sam@example.com',
      registration: 'AB12CDE',
      vehicle: 'Ford Focus',
      postcode: 'RM3 0AB',
      addressLine: '12 High Street',
      town: 'Romford',
      notes: 'Parked on the drive',
      lockingNuts: 'yes',
      lockingNutKey: 'In the glovebox',
      remindersConsent: false,
    });
  });

  it('takes the locking wheel nuts answer as optional: empty is no answer, an unknown one is refused', () => {
    expect(parse({ lockingNuts: '' }).data).toMatchObject({ lockingNutKey: '' });
    expect(parse({ lockingNuts: '' }).data).not.toHaveProperty('lockingNuts', expect.anything());
    expect(parse({ lockingNuts: 'not-sure' }).data).toMatchObject({ lockingNuts: 'not-sure' });
    expect(errorsOf({ lockingNuts: 'maybe' })).toEqual({ lockingNuts: ['Choose Yes, No or Not sure'] });
    expect(errorsOf({ lockingNutKey: 'x'.repeat(101) })).toEqual({
      lockingNutKey: ['Must be 100 characters or fewer'],
    });
  });

  it('words the locking wheel nuts answer for staff and the fitter', () => {
    expect(lockingNutsText('yes', 'Glovebox')).toBe('Yes, key: Glovebox');
    expect(lockingNutsText('yes', null)).toBe('Yes, key’s place not given');
    expect(lockingNutsText('no', null)).toBe('No');
    expect(lockingNutsText('not-sure', null)).toBe('Not sure');
    expect(lockingNutsText(null, null)).toBeNull();
  });

  it('needs the address for mobile fitting, and not at a branch', () => {
    expect(errorsOf({ addressLine: ' ', town: undefined })).toEqual({
      addressLine: [addressLineForMobileMessage],
      town: [townForMobileMessage],
    });
    expect(parse({ location: 'harold-hill', addressLine: undefined, town: '' }).data).toMatchObject({
      addressLine: '',
      town: '',
    });
    expect(errorsOf({ addressLine: 'x'.repeat(101) })).toEqual({
      addressLine: ['Must be 100 characters or fewer'],
    });
  });

  it('needs the postcode for mobile fitting, and not at a branch', () => {
    expect(errorsOf({ postcode: '' })).toEqual({ postcode: [postcodeForMobileMessage] });
    expect(errorsOf({ postcode: '   ' })).toEqual({ postcode: [postcodeForMobileMessage] });
    expect(errorsOf({ postcode: undefined })).toEqual({ postcode: [postcodeForMobileMessage] });
    expect(parse({ location: 'harold-hill', postcode: '' }).data?.postcode).toBe('');
    expect(parse({ location: 'harold-hill', postcode: ' cm12 9xy' }).data?.postcode).toBe('CM12 9XY');
  });

  it('checks the postcode wherever the job is', () => {
    expect(errorsOf({ postcode: 'RM3' })).toEqual({ postcode: [postcodeMessage] });
    expect(errorsOf({ location: 'harold-hill', postcode: 'nowhere' })).toEqual({
      postcode: [postcodeMessage],
    });
  });

  it('says what is missing for the customer with the enquiry form’s words', () => {
    const customer = { name: 'S', phone: '123', email: 'not an address' };
    const enquiry = z.safeParse(enquirySchema, { ...customer, service: 'puncture-repair', message: '' });
    const enquiryErrors = enquiry.success ? {} : z.flattenError(enquiry.error).fieldErrors;
    const errors = errorsOf(customer);
    expect(errors).toEqual({
      name: ['Name is required'],
      phone: ['Valid phone number is required'],
      email: ['Valid email is required'],
    });
    expect(errors).toEqual(enquiryErrors);
  });

  it('says what to choose, and reports every field at once', () => {
    expect(
      errorsOf({
        service: '',
        location: undefined,
        date: '2026-02-30',
        start: '8am',
        vehicle: 'X',
        postcode: '',
        notes: 'x'.repeat(1001),
        name: '',
      }),
    ).toEqual({
      service: ['Please select a service'],
      location: ['Choose where: at your address or at a branch'],
      date: ['Choose a day'],
      start: ['Choose a time'],
      name: ['Name is required'],
      vehicle: ['Enter the vehicle’s make and model'],
      notes: ['Must be 1000 characters or fewer'],
    });
    // With the other fields wrong, a missing postcode for mobile fitting is still named.
    expect(errorsOf({ name: '', postcode: '' })).toEqual({
      name: ['Name is required'],
      postcode: [postcodeForMobileMessage],
    });
  });
});
