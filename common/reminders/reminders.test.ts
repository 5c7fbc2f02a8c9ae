import { describe, expect, it } from 'vitest';
import { aYearOn, motReminderDates } from './reminders.ts';

describe('an MOT’s dates', () => {
  it('run out a year on, the 28th of February for a leap day', () => {
    expect(aYearOn('2026-11-24')).toBe('2027-11-24');
    expect(aYearOn('2028-02-29')).toBe('2029-02-28');
    expect(aYearOn('2027-02-28')).toBe('2028-02-28');
  });

  it('are reminded of 28 and 7 days before', () => {
    expect(motReminderDates('2027-01-10')).toEqual({ first: '2026-12-13', second: '2027-01-03' });
  });
});
