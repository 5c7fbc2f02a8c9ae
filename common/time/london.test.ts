import { describe, expect, it } from 'vitest';
import { addDays } from './week.ts';
import { londonDate, londonInstant, londonOffsetMinutes } from './london.ts';

const at = (iso: string) => new Date(iso);

/** London's wall clock at an instant, `YYYY-MM-DD HH:MM`, as an independent check. */
const londonWallClock = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);

describe('London time', () => {
  it.each([
    // 2026: BST from 2026-03-29 01:00Z to 2026-10-25 01:00Z.
    ['2026-03-28', '08:00', '2026-03-28T08:00:00.000Z'],
    ['2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '08:00', '2026-03-29T07:00:00.000Z'],
    ['2026-03-30', '08:00', '2026-03-30T07:00:00.000Z'],
    ['2026-07-15', '23:30', '2026-07-15T22:30:00.000Z'],
    ['2026-10-24', '08:00', '2026-10-24T07:00:00.000Z'],
    ['2026-10-25', '00:30', '2026-10-24T23:30:00.000Z'],
    ['2026-10-25', '08:00', '2026-10-25T08:00:00.000Z'],
    ['2026-10-26', '08:00', '2026-10-26T08:00:00.000Z'],
    ['2026-11-25', '08:00', '2026-11-25T08:00:00.000Z'],
    // 2027: BST from 2027-03-28 01:00Z to 2027-10-31 01:00Z.
    ['2027-03-27', '08:00', '2027-03-27T08:00:00.000Z'],
    ['2027-03-28', '08:00', '2027-03-28T07:00:00.000Z'],
    ['2027-03-29', '08:00', '2027-03-29T07:00:00.000Z'],
    ['2027-10-30', '08:00', '2027-10-30T07:00:00.000Z'],
    ['2027-10-31', '10:00', '2027-10-31T10:00:00.000Z'],
    ['2027-11-01', '08:00', '2027-11-01T08:00:00.000Z'],
  ])('%s %s in London is %s', (date, time, instant) => {
    expect(londonInstant(date, time).toISOString()).toBe(instant);
  });

  it('takes a time the spring change skips an hour later', () => {
    // 01:00-01:59 never shows on 2026-03-29 or 2027-03-28: 01:00 GMT is followed by 02:00 BST.
    expect(londonInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(londonWallClock(londonInstant('2026-03-29', '01:30'))).toBe('2026-03-29 02:30');
    expect(londonInstant('2027-03-28', '01:00').toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(londonWallClock(londonInstant('2027-03-28', '01:00'))).toBe('2027-03-28 02:00');
    expect(londonInstant('2026-03-29', '02:00').toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('takes a time the autumn change repeats at its second showing, in GMT', () => {
    // 01:00-01:59 shows twice on 2026-10-25 and 2027-10-31: first in BST, then in GMT.
    expect(londonInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(londonInstant('2027-10-31', '01:00').toISOString()).toBe('2027-10-31T01:00:00.000Z');
    expect(londonInstant('2027-10-31', '00:59').toISOString()).toBe('2027-10-30T23:59:00.000Z');
    expect(londonInstant('2027-10-31', '02:00').toISOString()).toBe('2027-10-31T02:00:00.000Z');
  });

  it('shows the wall-clock time asked for on every day of 2026 and 2027', () => {
    for (let date = '2026-01-01'; date < '2028-01-01'; date = addDays(date, 1)) {
      for (const time of ['00:00', '00:59', '02:00', '08:00', '12:30', '23:59']) {
        const instant = londonInstant(date, time);
        expect(londonWallClock(instant), `${date} ${time}`).toBe(`${date} ${time}`);
        expect(londonDate(instant)).toBe(date);
      }
    }
  });

  it('knows how far the clock is ahead of UTC, changing at 01:00 UTC', () => {
    expect(londonOffsetMinutes(at('2026-01-15T12:00:00Z'))).toBe(0);
    expect(londonOffsetMinutes(at('2026-07-15T12:00:00Z'))).toBe(60);
    for (const [change, after] of [
      ['2026-03-29T01:00:00Z', 60],
      ['2026-10-25T01:00:00Z', 0],
      ['2027-03-28T01:00:00Z', 60],
      ['2027-10-31T01:00:00Z', 0],
    ] as const) {
      expect(londonOffsetMinutes(new Date(at(change).getTime() - 1)), change).toBe(60 - after);
      expect(londonOffsetMinutes(at(change)), change).toBe(after);
    }
  });

  it('knows the London date near midnight in winter and in summer', () => {
    expect(londonDate(at('2026-01-15T23:59:59.999Z'))).toBe('2026-01-15');
    expect(londonDate(at('2026-01-16T00:00:00Z'))).toBe('2026-01-16');
    expect(londonDate(at('2026-06-30T22:59:59.999Z'))).toBe('2026-06-30');
    expect(londonDate(at('2026-06-30T23:00:00Z'))).toBe('2026-07-01');
    expect(londonDate(at('2027-12-31T23:59:59Z'))).toBe('2027-12-31');
    expect(londonDate(at('2028-01-01T00:00:00Z'))).toBe('2028-01-01');
    expect(londonDate(at('2027-08-31T23:30:00Z'))).toBe('2027-09-01');
    // The evening before each change, and the change days' own midnights.
    expect(londonDate(at('2026-03-28T23:59:00Z'))).toBe('2026-03-28');
    expect(londonDate(at('2026-03-29T00:00:00Z'))).toBe('2026-03-29');
    expect(londonDate(at('2026-10-24T22:59:00Z'))).toBe('2026-10-24');
    expect(londonDate(at('2026-10-24T23:00:00Z'))).toBe('2026-10-25');
    expect(londonDate(at('2027-10-30T23:00:00Z'))).toBe('2027-10-31');
  });
});
