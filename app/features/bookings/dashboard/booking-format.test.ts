import { describe, expect, it } from 'vitest';
import { bookingUpdatedToast, formatDateRange, needsFitter } from './booking-format.ts';
import { fitters, makeBooking } from './booking-test-data.ts';

describe('needsFitter', () => {
  const today = '2026-11-24';

  it('is true of a booking still to happen, today or later, that no fitter has', () => {
    expect(needsFitter(makeBooking({ date: today }), today)).toBe(true);
    expect(needsFitter(makeBooking({ date: '2026-12-01', status: 'confirmed' }), today)).toBe(true);
  });

  it('is false once a fitter has it, on past days, and for finished or cancelled bookings', () => {
    expect(needsFitter(makeBooking({ date: today, fitter: fitters.dave }), today)).toBe(false);
    expect(needsFitter(makeBooking({ date: '2026-11-23' }), today)).toBe(false);
    for (const status of ['completed', 'no-show', 'cancelled'] as const) {
      expect(needsFitter(makeBooking({ date: today, status }), today)).toBe(false);
    }
  });
});

describe('bookingUpdatedToast', () => {
  const booking = makeBooking({ fitter: fitters.dave });

  it('names the fitter a booking is given to, or the one it is taken back from', () => {
    expect(bookingUpdatedToast(booking, { fitterId: 9 }, { fitter: fitters.kemal })).toEqual({
      title: 'Fitter changed',
      description: 'Booking ENQ-2611-0042 given to kemal.',
    });
    expect(bookingUpdatedToast(booking, { fitterId: null }, { fitter: null })).toEqual({
      title: 'Fitter removed',
      description: 'Booking ENQ-2611-0042 taken back from Dave Smith.',
    });
  });
});

describe('formatDateRange', () => {
  it('uses plain spaces, as browsers do, so that the page reads the same on the server', () => {
    expect(formatDateRange('2026-11-23', '2026-11-29')).toBe('23 – 29 November 2026');
    expect(formatDateRange('2026-11-30', '2026-12-06')).toBe('30 November – 6 December 2026');
  });
});
