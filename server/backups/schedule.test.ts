import { describe, expect, it } from 'vitest';
import { londonTimeOn, nextBackupAt } from './schedule.ts';

describe('the nightly backup time (03:30 in London)', () => {
  it.each([
    // Winter (GMT): 03:30 London is 03:30 UTC.
    ['2026-01-15T12:00:00Z', '2026-01-16T03:30:00.000Z'],
    ['2026-01-16T03:29:59Z', '2026-01-16T03:30:00.000Z'],
    // Due exactly now: it has just run, so the next one is tomorrow's.
    ['2026-01-16T03:30:00Z', '2026-01-17T03:30:00.000Z'],
    // Clocks go forward at 01:00 UTC on 29 March 2026: that night is an hour shorter.
    ['2026-03-28T03:30:00Z', '2026-03-29T02:30:00.000Z'],
    ['2026-03-29T00:59:59Z', '2026-03-29T02:30:00.000Z'],
    ['2026-03-29T01:30:00Z', '2026-03-29T02:30:00.000Z'],
    ['2026-03-29T02:30:00Z', '2026-03-30T02:30:00.000Z'],
    // Summer (BST): 03:30 London is 02:30 UTC; just after London midnight is still that night.
    ['2026-07-01T23:00:00Z', '2026-07-02T02:30:00.000Z'],
    ['2026-07-02T02:29:00Z', '2026-07-02T02:30:00.000Z'],
    // Clocks go back at 01:00 UTC on 25 October 2026: that night is an hour longer.
    ['2026-10-24T02:30:00Z', '2026-10-25T03:30:00.000Z'],
    ['2026-10-25T00:30:00Z', '2026-10-25T03:30:00.000Z'], // 01:30 BST
    ['2026-10-25T01:30:00Z', '2026-10-25T03:30:00.000Z'], // 01:30 GMT, the repeated hour
    ['2026-10-25T03:30:00Z', '2026-10-26T03:30:00.000Z'],
    // Across the end of a year.
    ['2026-12-31T04:00:00Z', '2027-01-01T03:30:00.000Z'],
  ])('after %s comes %s', (now, expected) => {
    expect(nextBackupAt(new Date(now)).toISOString()).toBe(expected);
  });

  it('is one run per London day, 23 to 25 hours apart around the clock changes', () => {
    let at = nextBackupAt(new Date('2026-03-27T12:00:00Z'));
    const gaps: number[] = [];
    for (let night = 0; night < 220; night++) {
      const next = nextBackupAt(at);
      gaps.push((next.getTime() - at.getTime()) / 3_600_000);
      at = next;
    }
    expect(gaps.filter((hours) => hours === 23)).toHaveLength(1);
    expect(gaps.filter((hours) => hours === 25)).toHaveLength(1);
    expect(gaps.every((hours) => hours >= 23 && hours <= 25)).toBe(true);
  });

  it('finds other wall-clock times, moving one the spring change skips to after it', () => {
    expect(londonTimeOn('2026-07-02', { hour: 23, minute: 15 }).toISOString()).toBe(
      '2026-07-02T22:15:00.000Z',
    );
    // 01:30 does not exist on 29 March 2026 in London: the clocks jump from 01:00 to 02:00.
    expect(londonTimeOn('2026-03-29', { hour: 1, minute: 30 }).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});
