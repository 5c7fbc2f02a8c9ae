import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, minutesOf, timeOf, timePattern, weekdayOf } from './week.ts';

describe('calendar dates', () => {
  it.each(['2026-01-01', '2026-02-28', '2028-02-29', '2026-12-31'])('accepts %s', (date) =>
    expect(isCalendarDate(date)).toBe(true),
  );

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-04-31',
    '2026-1-01',
    '01/02/2026',
    '',
    '2026-01-01T00:00',
  ])('refuses %j', (date) => expect(isCalendarDate(date)).toBe(false));

  it('know the weekday of a date', () => {
    expect(weekdayOf('2026-03-29')).toBe('sunday');
    expect(weekdayOf('2026-03-30')).toBe('monday');
    expect(weekdayOf('2026-12-25')).toBe('friday');
    expect(weekdayOf('2027-10-31')).toBe('sunday');
  });

  it('count days across months, years, leap days and the clock changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-06-01', 21)).toBe('2026-06-22');
    expect(addDays('2026-06-01', 0)).toBe('2026-06-01');
  });
});

describe('times of day', () => {
  it('convert between HH:MM and minutes since midnight', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('08:30')).toBe(510);
    expect(minutesOf('23:59')).toBe(1439);
    expect(timeOf(0)).toBe('00:00');
    expect(timeOf(510)).toBe('08:30');
    expect(timeOf(1439)).toBe('23:59');
  });

  it('accept only 24-hour HH:MM times', () => {
    expect(['00:00', '09:05', '23:59'].every((time) => timePattern.test(time))).toBe(true);
    expect(['24:00', '9:00', '09:60', '0900', '09:00:00'].some((time) => timePattern.test(time))).toBe(false);
  });
});
