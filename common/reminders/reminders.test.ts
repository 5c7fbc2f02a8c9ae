import { describe, expect, it } from 'vitest';
import type { JobRecord } from '#common/jobs/jobs.ts';
import { aYearOn, earliestMotTest, motReminderDates, needsTyreReminder } from './reminders.ts';
import { defaultReminderSettings } from './settings.ts';

describe('an MOT’s dates', () => {
  it('run out a year on, the 28th of February for a leap day', () => {
    expect(aYearOn('2026-11-24')).toBe('2027-11-24');
    expect(aYearOn('2028-02-29')).toBe('2029-02-28');
    expect(aYearOn('2027-02-28')).toBe('2028-02-28');
  });

  it('can be tested a month less a day early', () => {
    expect(earliestMotTest('2027-05-15')).toBe('2027-04-16');
    expect(earliestMotTest('2027-01-10')).toBe('2026-12-11');
    expect(earliestMotTest('2027-03-31')).toBe('2027-03-01');
    expect(earliestMotTest('2028-03-30')).toBe('2028-03-01');
    expect(earliestMotTest('2027-03-01')).toBe('2027-02-02');
  });

  it('are reminded of 28 and 7 days before', () => {
    expect(motReminderDates('2027-01-10', defaultReminderSettings)).toEqual({
      first: '2026-12-13',
      second: '2027-01-03',
    });
    expect(motReminderDates('2027-01-10', { motFirstDays: 14, motSecondDays: 2 })).toEqual({
      first: '2026-12-27',
      second: '2027-01-08',
    });
  });
});

describe('a tyre reminder', () => {
  const record = (overrides: Partial<JobRecord> = {}): JobRecord => ({
    tyres: [
      { position: 'nsf', brand: 'Hankook', pattern: 'Ventus Prime 4', size: '205/55 R16 91V', dot: '2324' },
    ],
    removedTreadMm: { nsf: 1.6 },
    torqued: true,
    tpmsReset: false,
    advisories: '',
    notes: '',
    ...overrides,
  });

  it('follows an advisory, or a tyre at or below 3 mm left on', () => {
    expect(needsTyreReminder(record())).toBe(false);
    expect(needsTyreReminder(record({ advisories: 'Rear tyres at 3 mm.' }))).toBe(true);
    expect(needsTyreReminder(record({ removedTreadMm: { nsf: 1.6, osr: 3 } }))).toBe(true);
    expect(needsTyreReminder(record({ removedTreadMm: { nsf: 1.6, osr: 3.1 } }))).toBe(false);
  });
});
