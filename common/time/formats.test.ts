import { describe, expect, it } from 'vitest';
import { dayText } from '#common/bookings/words.ts';
import { dayMonthYearText, dayRangeText, shortDayText, shortDayYearText } from './formats.ts';

describe('calendar dates', () => {
  it('are written en-GB, without the comma after the weekday, on their own day whatever the time zone', () => {
    expect(dayText('2026-11-25')).toBe('Wednesday 25 November 2026');
    expect(shortDayText('2026-11-25')).toBe('Wed 25 Nov');
    expect(shortDayYearText('2026-12-31')).toBe('Thu 31 Dec 2026');
    expect(dayMonthYearText('2027-03-28')).toBe('28 Mar 2027');
    // The day the clocks go forward and back is still that day.
    expect(dayText('2027-10-31')).toBe('Sunday 31 October 2027');
  });

  it('write a range of days once its month and year are shared, with plain spaces', () => {
    expect(dayRangeText('2026-11-23', '2026-11-29')).toBe('23 – 29 November 2026');
    expect(dayRangeText('2026-11-30', '2026-12-06')).toBe('30 November – 6 December 2026');
  });
});
