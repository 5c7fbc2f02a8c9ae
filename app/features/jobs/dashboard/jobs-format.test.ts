import { describe, expect, it } from 'vitest';
import { formatDot, formatJobDate, jobsByFitter, treadLevel, unassignedGroupName } from './jobs-format.ts';
import { makeJob } from './jobs-test-data.ts';

describe('jobs formatting', () => {
  it('reads a DOT code as its week and year', () => {
    expect(formatDot('2324')).toBe('DOT 2324 (week 23, 2024)');
    expect(formatDot('0125')).toBe('DOT 0125 (week 1, 2025)');
  });

  it('marks tread of 3 mm or less low, and 1.6 mm or less at the legal limit', () => {
    expect([4.2, 3.1, 3, 2, 1.7, 1.6, 0.8].map(treadLevel)).toEqual([
      'good',
      'good',
      'low',
      'low',
      'low',
      'legal-limit',
      'legal-limit',
    ]);
  });

  it('groups the day by fitter, by name, with the jobs given to no one last', () => {
    const groups = jobsByFitter([
      makeJob({ id: 1, fitter: null }),
      makeJob({ id: 2, fitter: { id: 9, name: 'priya' } }),
      makeJob({ id: 3, fitter: { id: 7, name: 'dave' } }),
      makeJob({ id: 4, fitter: { id: 9, name: 'priya' } }),
    ]);
    expect(groups.map((group) => [group.name, group.jobs.map((job) => job.id)])).toEqual([
      ['dave', [3]],
      ['priya', [2, 4]],
      [unassignedGroupName, [1]],
    ]);
  });

  it('writes a day in full, en-GB', () => {
    expect(formatJobDate('2026-11-24')).toBe('Tuesday 24 November 2026');
  });
});
