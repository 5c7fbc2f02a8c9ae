import { describe, expect, it } from 'vitest';
import type { JobRecord } from '#common/jobs/jobs.ts';
import { aYearOn, motReminderDates, needsTyreReminder } from './reminders.ts';

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
