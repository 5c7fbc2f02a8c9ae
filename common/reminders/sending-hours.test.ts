import { describe, expect, it } from 'vitest';
import { nextSendingTime, withinSendingHours } from './sending-hours.ts';

const at = (iso: string) => new Date(iso);

describe('the sending hours', () => {
  it('run from 09:00 until 19:00 London time, in winter (GMT)', () => {
    expect(withinSendingHours(at('2026-12-01T08:59:59Z'))).toBe(false);
    expect(withinSendingHours(at('2026-12-01T09:00:00Z'))).toBe(true);
    expect(withinSendingHours(at('2026-12-01T18:59:59Z'))).toBe(true);
    expect(withinSendingHours(at('2026-12-01T19:00:00Z'))).toBe(false);
  });

  it('and in summer (BST, an hour ahead of UTC)', () => {
    expect(withinSendingHours(at('2026-07-01T07:59:00Z'))).toBe(false);
    expect(withinSendingHours(at('2026-07-01T08:00:00Z'))).toBe(true);
    expect(withinSendingHours(at('2026-07-01T17:59:00Z'))).toBe(true);
    expect(withinSendingHours(at('2026-07-01T18:00:00Z'))).toBe(false);
  });

  it('put off what falls outside them to the next 09:00, across a change of the clocks', () => {
    // Within the hours: at once.
    expect(nextSendingTime(at('2026-12-01T12:00:00Z'))).toEqual(at('2026-12-01T12:00:00Z'));
    // Early morning: that morning; the evening: the next.
    expect(nextSendingTime(at('2026-12-01T03:00:00Z'))).toEqual(at('2026-12-01T09:00:00Z'));
    expect(nextSendingTime(at('2026-12-01T20:30:00Z'))).toEqual(at('2026-12-02T09:00:00Z'));
    // Saturday 28 March 2026 in the evening (GMT): Sunday 29 March, 09:00 BST, is 08:00 UTC.
    expect(nextSendingTime(at('2026-03-28T21:00:00Z'))).toEqual(at('2026-03-29T08:00:00Z'));
    // Saturday 24 October 2026 in the evening (BST): Sunday 25 October, 09:00 GMT.
    expect(nextSendingTime(at('2026-10-24T19:30:00Z'))).toEqual(at('2026-10-25T09:00:00Z'));
    // Just after midnight in London during BST (23:30 UTC the day before): that morning.
    expect(nextSendingTime(at('2026-07-01T23:30:00Z'))).toEqual(at('2026-07-02T08:00:00Z'));
  });
});
