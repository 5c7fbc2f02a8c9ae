import { describe, expect, it } from 'vitest';
import { dueAfter, nextLondonTime, parseSchedule, type Schedule } from './schedule.ts';

describe('a schedule in words', () => {
  it.each([
    ['every 5 seconds', { kind: 'every', ms: 5_000 }],
    ['every 5 minutes', { kind: 'every', ms: 300_000 }],
    ['every hour', { kind: 'every', ms: 3_600_000 }],
    ['every 24 hours', { kind: 'every', ms: 86_400_000 }],
    ['every 1 minute', { kind: 'every', ms: 60_000 }],
    ['daily at 03:30', { kind: 'daily', time: '03:30' }],
    ['on request', { kind: 'on request' }],
  ] as const)('reads “%s”', (schedule, parsed) => {
    expect(parseSchedule(schedule)).toEqual(parsed);
  });

  it.each(['every 0 seconds', 'every fortnight', 'daily at 25:00', 'daily at 3:30', 'hourly'])(
    'refuses “%s”',
    (schedule) => {
      expect(() => parseSchedule(schedule as Schedule)).toThrow(`Not a schedule: “${schedule}”`);
    },
  );

  it('is due its interval after the last run started, and at once when it never ran', () => {
    const since = new Date('2026-12-06T09:00:00Z');
    const every = parseSchedule('every 5 minutes');
    expect(dueAfter(every, new Date('2026-12-06T10:00:00Z'), since)).toEqual(
      new Date('2026-12-06T10:05:00Z'),
    );
    expect(dueAfter(every, null, since)).toEqual(since);
    expect(dueAfter(parseSchedule('on request'), null, since)).toBeNull();
  });

  it('daily: at the next showing of the time after the last run, or after the start when it never ran', () => {
    const daily = parseSchedule('daily at 03:30');
    const since = new Date('2026-12-06T09:00:00Z');
    expect(dueAfter(daily, null, since)).toEqual(new Date('2026-12-07T03:30:00Z'));
    // A night missed while the server was stopped is due as soon as it is back.
    expect(dueAfter(daily, new Date('2026-12-04T03:30:00Z'), since)).toEqual(
      new Date('2026-12-05T03:30:00Z'),
    );
  });
});

describe('a daily time in London (03:30)', () => {
  const next = (after: string) => nextLondonTime(new Date(after), '03:30').toISOString();

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
  ])('after %s comes %s', (after, expected) => {
    expect(next(after)).toBe(expected);
  });

  it('is one run per London day, 23 to 25 hours apart around the clock changes', () => {
    let at = nextLondonTime(new Date('2026-03-27T12:00:00Z'), '03:30');
    const gaps: number[] = [];
    for (let night = 0; night < 220; night++) {
      const following = nextLondonTime(at, '03:30');
      gaps.push((following.getTime() - at.getTime()) / 3_600_000);
      at = following;
    }
    expect(gaps.filter((hours) => hours === 23)).toHaveLength(1);
    expect(gaps.filter((hours) => hours === 25)).toHaveLength(1);
    expect(gaps.every((hours) => hours >= 23 && hours <= 25)).toBe(true);
  });

  it('finds other wall-clock times, moving one the spring change skips to after it', () => {
    expect(nextLondonTime(new Date('2026-07-02T12:00:00Z'), '23:15').toISOString()).toBe(
      '2026-07-02T22:15:00.000Z',
    );
    // 01:30 does not exist on 29 March 2026 in London: the clocks jump from 01:00 to 02:00.
    expect(nextLondonTime(new Date('2026-03-28T12:00:00Z'), '01:30').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});
