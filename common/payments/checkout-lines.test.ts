import { describe, expect, it } from 'vitest';
import { checkoutLines } from './checkout-lines.ts';

const tyres = { description: 'Michelin Primacy 4 205/55 R16, fully fitted', quantity: 2, unitPence: 8999 };
const balancing = { description: 'Wheel balancing', quantity: 1, unitPence: 1001 };

describe('the lines of a Checkout page', () => {
  it('shows the job’s own lines when the whole of it is paid', () => {
    expect(checkoutLines([tyres, balancing], 18_999, 'Balance')).toEqual([
      { name: tyres.description, quantity: 2, unitPence: 8999 },
      { name: balancing.description, quantity: 1, unitPence: 1001 },
    ]);
  });

  it('shares a deposit between the lines in proportion, adding up to the penny', () => {
    const lines = checkoutLines([tyres, balancing], 3800, 'Deposit');
    expect(lines.map((line) => line.name)).toEqual([
      `Deposit towards 2 × ${tyres.description}`,
      'Deposit towards 1 × Wheel balancing',
    ]);
    expect(lines.every((line) => line.quantity === 1)).toBe(true);
    expect(lines.reduce((sum, line) => sum + line.unitPence, 0)).toBe(3800);
    // 17,998 of 18,999 is 94.7%: 3,599.8p, rounded up by the larger remainder.
    expect(lines.map((line) => line.unitPence)).toEqual([3600, 200]);
  });

  it('adds up exactly for every amount over awkward prices', () => {
    const awkward = [
      { description: 'A', quantity: 3, unitPence: 333 },
      { description: 'B', quantity: 1, unitPence: 1 },
      { description: 'C', quantity: 7, unitPence: 1429 },
    ];
    for (let amount = 30; amount < 11_000; amount += 97) {
      const lines = checkoutLines(awkward, amount, 'Deposit');
      expect(lines.reduce((sum, line) => sum + line.unitPence * line.quantity, 0)).toBe(amount);
      expect(lines.every((line) => line.unitPence > 0)).toBe(true);
    }
  });

  it('asks one line for the amount of a job with no price yet, and leaves out lines at £0', () => {
    expect(
      checkoutLines([{ description: 'Puncture repair', quantity: 1, unitPence: 0 }], 5000, 'Deposit'),
    ).toEqual([{ name: 'Deposit', quantity: 1, unitPence: 5000 }]);
    expect(
      checkoutLines([tyres, { description: 'Call-out', quantity: 1, unitPence: 0 }], 17_998, 'Deposit'),
    ).toEqual([{ name: tyres.description, quantity: 2, unitPence: 8999 }]);
  });
});
