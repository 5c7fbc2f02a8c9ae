import { describe, expect, it } from 'vitest';
import { formatRegistration, isRegistration, normaliseRegistration } from './registration.ts';

describe('registrations', () => {
  it.each([
    ['AB12CDE', 'AB12CDE'],
    ['AB12 CDE', 'AB12CDE'],
    ['ab12 cde', 'AB12CDE'],
    [' ab12-cde ', 'AB12CDE'],
    ['A123 BCD', 'A123BCD'],
    ['A1 BCD', 'A1BCD'],
    ['ABC 123D', 'ABC123D'],
    ['abc1d', 'ABC1D'],
    ['1234 AB', '1234AB'],
    ['1 A', '1A'],
    ['ABC 123', 'ABC123'],
    ['A 1', 'A1'],
    ['ABZ 1234', 'ABZ1234'],
  ])('accepts %j, stored as %j', (registration, stored) => {
    expect(isRegistration(registration)).toBe(true);
    expect(normaliseRegistration(registration)).toBe(stored);
  });

  it.each(['', 'ABCDEFGH', '12', 'A1B2C3', '12345AB', 'ABCD123', 'AB12CDEF', 'AB1 2CD3', 'AB12 CD!'])(
    'refuses %j',
    (registration) => {
      expect(isRegistration(registration)).toBe(false);
    },
  );

  it('are written as people write them', () => {
    expect(normaliseRegistration(' ab12  cde ')).toBe('AB12CDE');
    expect(formatRegistration('AB12CDE')).toBe('AB12 CDE');
    expect(formatRegistration('A123BCD')).toBe('A123BCD');
    expect(formatRegistration('ABC123D')).toBe('ABC123D');
    expect(formatRegistration('ABZ1234')).toBe('ABZ1234');
  });
});
