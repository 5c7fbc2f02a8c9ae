import { describe, expect, it } from 'vitest';
import { isUntrackedPath, weeklyTrendPercent, type TimelineEntry } from './analytics.ts';

const timeline = (visits: number[]): TimelineEntry[] =>
  visits.map((count, index) => ({
    date: `2026-06-${String(index + 1).padStart(2, '0')}`,
    visits: count,
    uniqueVisitors: count,
  }));

describe('weekly trend', () => {
  it('compares the last 7 entries with the 7 before', () => {
    expect(weeklyTrendPercent(timeline([...Array(7).fill(10), ...Array(7).fill(15)]))).toBe(50);
    expect(weeklyTrendPercent(timeline([...Array(7).fill(10), ...Array(7).fill(5)]))).toBe(-50);
    expect(weeklyTrendPercent(timeline([...Array(7).fill(3), ...Array(7).fill(3)]))).toBe(0);
  });

  it('only looks at the last 14 entries', () => {
    expect(weeklyTrendPercent(timeline([1000, ...Array(7).fill(1), ...Array(7).fill(2)]))).toBe(100);
  });

  it('is 0 when the week before had no visits', () => {
    expect(weeklyTrendPercent(timeline([...Array(7).fill(0), ...Array(7).fill(9)]))).toBe(0);
    expect(weeklyTrendPercent(timeline([4, 4]))).toBe(0);
    expect(weeklyTrendPercent([])).toBe(0);
  });

  it('rounds to one decimal', () => {
    expect(weeklyTrendPercent(timeline([...Array(6).fill(0), 3, ...Array(6).fill(0), 4]))).toBe(33.3);
  });
});

describe('untracked paths', () => {
  it('are the staff area', () => {
    for (const path of ['/admin', '/admin/dashboard', '/admin-dashboard', '/auth', '/AUTH', '/update-hero'])
      expect(isUntrackedPath(path)).toBe(true);
    for (const path of ['/', '/about', '/services/admin', '/update-heroes'])
      expect(isUntrackedPath(path)).toBe(false);
  });
});
