import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatFullDateTime,
  formatLongDay,
  formatMediumDateTime,
  formatSortableDateTime,
} from './formats.ts';

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
