import { describe, expect, it } from 'vitest';
import { formatPence, parsePounds, poundsText } from './money.ts';

describe('money', () => {
  it('writes pence as pounds to read, with the sign and thousands', () => {
    expect(formatPence(123_450)).toBe('£1,234.50');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(7)).toBe('£0.07');
  });

  it('writes pence as pounds to edit: two decimals, no sign, no thousands', () => {
    expect(poundsText(123_450)).toBe('1234.50');
    expect(poundsText(8_999)).toBe('89.99');
    expect(poundsText(5)).toBe('0.05');
  });

  it('reads pounds as people type them', () => {
    const read = {
      '89.99': 8_999,
      '£89': 8_900,
      '£ 89.9': 8_990,
      ' 12 ': 1_200,
      '1,250.50': 125_050,
      '1,250': 125_000,
      '12,505': 1_250_500,
      '12,50': 1_250,
      '12,5': 1_250,
      '0.05': 5,
      '0': 0,
      '1234567.89': 123_456_789,
      '10000': 1_000_000,
    };
    for (const [typed, pence] of Object.entries(read)) expect(parsePounds(typed), typed).toBe(pence);
  });

  it('reads nothing from what is not an amount of pounds and pence', () => {
    for (const typed of [
      '',
      ' ',
      '£',
      '-5',
      '1.234',
      '1,25,000',
      '12.5.0',
      'ten',
      '1e3',
      '0x10',
      '£12 50',
      '12p',
    ])
      expect(parsePounds(typed), typed).toBeNull();
  });

  it('reads back what it writes, for every amount up to £100', () => {
    for (let pence = 0; pence <= 10_000; pence += 1) {
      expect(parsePounds(poundsText(pence))).toBe(pence);
      expect(parsePounds(formatPence(pence))).toBe(pence);
    }
  });
});
