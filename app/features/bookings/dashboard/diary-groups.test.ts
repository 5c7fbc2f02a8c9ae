import { describe, expect, it } from 'vitest';
import { makeBooking } from './booking-test-data.ts';
import { datesOf, diaryOf, diaryRange, stepDate } from './diary-groups.ts';

describe('the diary’s dates', () => {
  it('shows Monday to Sunday around a day, across a month and a year', () => {
    expect(diaryRange('week', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(diaryRange('week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(diaryRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(diaryRange('week', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(diaryRange('day', '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(datesOf(diaryRange('week', '2027-01-01'))).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('steps a day or a week, whatever the clocks do', () => {
    expect(stepDate('day', '2027-03-27', 1)).toBe('2027-03-28');
    expect(stepDate('day', '2027-03-01', -1)).toBe('2027-02-28');
    expect(stepDate('week', '2026-10-20', 1)).toBe('2026-10-27');
  });
});

describe('diaryOf', () => {
  it('puts mobile fitting first, then the branches by name, each window in time order', () => {
    const diary = diaryOf([
      makeBooking({ id: 1, location: 'upminster', start: '14:00' }),
      makeBooking({ id: 2, location: 'harold-hill' }),
      makeBooking({ id: 3, location: 'upminster', start: '08:00' }),
      makeBooking({ id: 4, start: '10:00' }),
      makeBooking({ id: 5, start: '10:00' }),
    ]);
    expect(diaryOf([])).toEqual([]);
    expect(diary.map((location) => location.name)).toEqual([
      'Mobile fitting',
      'Harold Hill branch',
      'Upminster branch',
    ]);
    expect(
      diary.map((location) =>
        location.windows.map((window) => `${window.start}:${window.bookings.map((booking) => booking.id)}`),
      ),
    ).toEqual([['10:00:4,5'], ['08:00:2'], ['08:00:3', '14:00:1']]);
  });
});
