import { describe, expect, it } from 'vitest';
import { registeredVehicleLine } from '#common/vehicles/vehicle-data.ts';
import { dvlaVehicle } from '#tests/support/vehicle-data-fixtures.ts';
import { registeredVehicleOf } from './dvla.ts';
import { pauseOf } from './outside-answer.ts';

// The DVLA's `Vehicle` (tests/support/vehicle-data-fixtures.ts, from its published example) as the
// product answers and shows it.
describe('the DVLA’s answer', () => {
  it('gives the make, colour, year, fuel and MOT expiry, written as people write them', () => {
    const vehicle = registeredVehicleOf('AA19AAA', dvlaVehicle)!;
    expect(vehicle).toEqual({
      registration: 'AA19AAA',
      make: 'Ford',
      colour: 'Red',
      yearOfManufacture: 2019,
      fuelType: 'Petrol',
      motExpiryDate: '2027-03-14',
    });
    expect(registeredVehicleLine(vehicle)).toBe('Red Ford, 2019, petrol');
  });

  it('keeps initialisms and two-word makes as written, and leaves out what it lacks', () => {
    const vehicle = registeredVehicleOf('AB12CDE', { make: 'BMW', fuelType: 'HYBRID ELECTRIC' })!;
    expect(vehicle).toEqual({
      registration: 'AB12CDE',
      make: 'BMW',
      colour: null,
      yearOfManufacture: null,
      fuelType: 'Hybrid Electric',
      motExpiryDate: null,
    });
    expect(registeredVehicleLine(vehicle)).toBe('BMW, hybrid electric');
    expect(registeredVehicleOf('AB12CDE', { make: 'LAND ROVER' })?.make).toBe('Land Rover');
    expect(registeredVehicleOf('AB12CDE', { make: 'MERCEDES-BENZ' })?.make).toBe('Mercedes-Benz');
    expect(registeredVehicleOf('AB12CDE', { colour: 'BLUE' })).toBeNull();
  });

  it('pauses for a Retry-After in seconds or as a date, else a minute', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(pauseOf('120', now)).toBe(120);
    expect(pauseOf('Tue, 24 Nov 2026 10:05:00 GMT', now)).toBe(300);
    expect(pauseOf(null, now)).toBe(60);
    expect(pauseOf('soon', now)).toBe(60);
  });
});
