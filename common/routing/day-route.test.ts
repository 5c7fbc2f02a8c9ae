import { describe, expect, it } from 'vitest';
import {
  driveFromText,
  driveMinutesText,
  driveText,
  driveThere,
  savingText,
  type DayRoute,
} from './day-route.ts';

const stop = (bookingId: number, overrides: Partial<DayRoute['stops'][number]> = {}) => ({
  bookingId,
  reference: `ENQ-2611-000${bookingId}`,
  name: 'Sam Driver',
  addressLine: '12 High Street',
  town: 'Romford',
  postcode: 'RM3 0AB',
  start: '08:00',
  end: '10:00',
  arrival: '08:20',
  driveMinutes: 20,
  miles: 7.4,
  late: false,
  latitude: 51.6,
  longitude: 0.2,
  ...overrides,
});

const route = (start: DayRoute['start']): DayRoute => ({
  date: '2026-11-24',
  fitterId: 7,
  start,
  source: 'osrm',
  stops: [
    stop(1),
    stop(2, { driveMinutes: 12, miles: 4.1, arrival: '09:05' }),
    stop(3, { latitude: null, longitude: null }),
  ],
  driveMinutes: 32,
  miles: 11.5,
});

describe('the drive to a stop', () => {
  it('comes from the stop before, or the van’s start for the first', () => {
    const day = route({ name: 'Harold Hill', postcode: 'RM3 8AA' });
    expect(driveThere(day, 2)).toEqual({
      minutes: 12,
      miles: 4.1,
      arrival: '09:05',
      late: false,
      from: { previous: true },
    });
    expect(driveThere(day, 1)?.from).toEqual({ previous: false, start: 'Harold Hill' });
  });

  it('is not known for a stop that could not be placed, off the route, or first without a start', () => {
    const day = route(null);
    expect(driveThere(day, 1)).toBeNull();
    expect(driveThere(day, 3)).toBeNull();
    expect(driveThere(day, 99)).toBeNull();
    expect(driveThere(undefined, 2)).toBeNull();
    expect(driveThere(day, 2)?.minutes).toBe(12);
  });

  it('reads in minutes and miles', () => {
    expect(driveMinutesText(12)).toBe('12 min');
    expect(driveMinutesText(60)).toBe('1 hr');
    expect(driveMinutesText(65)).toBe('1 hr 5 min');
    expect(driveText({ minutes: 12, miles: 4.1 })).toBe('12 min drive · 4.1 mi');
    expect(driveText({ minutes: 3, miles: 1 })).toBe('3 min drive · 1 mi');
    expect(driveFromText({ minutes: 12, from: { previous: true } })).toBe(
      '12 min drive from the previous job',
    );
    expect(driveFromText({ minutes: 25, from: { previous: false, start: 'Harold Hill' } })).toBe(
      '25 min drive from Harold Hill',
    );
  });

  it('tells what a new order saves', () => {
    expect(savingText({ minutes: 23, miles: 8.4 })).toBe('Saves 23 min and 8.4 miles of driving');
    expect(savingText({ minutes: 0, miles: 0 })).toBe('Already the shortest order');
    expect(savingText({ minutes: 5, miles: 0 })).toBe('Saves 5 min of driving');
    expect(savingText({ minutes: 0, miles: 1 })).toBe('Saves 1 mile of driving');
  });
});
