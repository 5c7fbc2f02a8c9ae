import { describe, expect, it } from 'vitest';
import { bookingStatusLabels as bookingLabels } from './booking.ts';
import { jobStatusLabels as jobLabels } from '#common/jobs/jobs.ts';
import {
  bookingStatuses,
  bookingStatusLabels,
  jobStatuses,
  jobStatusLabels,
  stateWords,
} from './state-words.ts';

describe('the words for where a booking and its job stand', () => {
  it('are one word per state, none used for two states', () => {
    const words = Object.values(stateWords);
    expect(new Set(words).size).toBe(words.length);
  });

  it('are the same for a state the booking and the job share (completed)', () => {
    expect(bookingStatusLabels.completed).toBe(jobStatusLabels.completed);
  });

  it('are those the bookings and the jobs modules give, and no others', () => {
    expect(bookingLabels).toBe(bookingStatusLabels);
    expect(jobLabels).toBe(jobStatusLabels);
    for (const status of bookingStatuses) expect(bookingStatusLabels[status]).toBe(stateWords[status]);
    for (const status of jobStatuses) expect(jobStatusLabels[status]).toBe(stateWords[status]);
  });
});
