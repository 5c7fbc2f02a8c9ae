import { describe, expect, it } from 'vitest';
import {
  dayMonthYearText,
  dayRangeText,
  dayText,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatFullDateTime,
  formatLongDay,
  formatMediumDateTime,
  formatSortableDateTime,
  shortDayText,
  shortDayYearText,
} from './formats.ts';

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

describe('instants', () => {
  it('are written en-GB in London time, summer and winter', () => {
    expect(formatDateTime('2026-07-12T13:05:00.000Z')).toBe('12/07/2026, 14:05');
    expect(formatDateTime(new Date('2026-11-23T14:05:00.000Z'))).toBe('23/11/2026, 14:05');
    expect(formatDateTimeSeconds('2026-11-23T14:05:09.000Z')).toBe('23/11/2026, 14:05:09');
    // Just before midnight UTC in summer is the next day in London.
    expect(formatDay('2026-07-12T23:30:00.000Z')).toBe('13/07/2026');
    expect(formatLongDay(new Date('2026-07-12T23:30:00.000Z'))).toBe('13 July 2026');
    expect(formatMediumDateTime('2026-11-23T14:05:00.000Z')).toBe('23 Nov 2026, 14:05');
    expect(formatSortableDateTime('2026-07-12T23:30:00.000Z')).toBe('2026-07-13 00:30');
    expect(formatFullDateTime('2026-07-12T13:05:00.000Z')).toMatch(/^Sunday,? 12 July 2026 at 14:05$/);
  });
});
