import { describe, expect, it } from 'vitest';
import { bookedLines, linesTotal, penceOfPriceText, sameLines } from './lines.ts';
import { invoiceLines, paidStatus, vatIncluded } from './invoice.ts';

describe('prices stated on the site', () => {
  it.each([
    ['£25', 2500],
    ['From £45', 4500],
    ['from £45.50 per tyre', 4550],
    ['£1,250', 125000],
    ['£ 8', 800],
    ['On request', null],
    ['', null],
  ])('%j is %j pence', (text, pence) => {
    expect(penceOfPriceText(text)).toBe(pence);
  });
});

describe('the lines a job charges', () => {
  it('are the booked tyres at their fitted price', () => {
    expect(
      bookedLines({
        serviceTitle: 'Tyre Fitting',
        servicePrices: ['From £45'],
        tyre: { description: 'Hankook Ventus Prime 4 205/55 R16 91V', quantity: 2, price: 7499 },
      }),
    ).toEqual([
      { description: 'Hankook Ventus Prime 4 205/55 R16 91V, fully fitted', quantity: 2, unitPence: 7499 },
    ]);
  });

  it('are else the service at its first stated price, or £0', () => {
    expect(
      bookedLines({ serviceTitle: 'Puncture Repair', servicePrices: ['On request', '£25'], tyre: null }),
    ).toEqual([{ description: 'Puncture Repair', quantity: 1, unitPence: 2500 }]);
    expect(bookedLines({ serviceTitle: 'Diagnostics', servicePrices: [], tyre: null })[0]!.unitPence).toBe(0);
  });

  it('compare and add up', () => {
    const lines = [{ description: 'A', quantity: 2, unitPence: 1000 }];
    expect(sameLines(lines, [{ ...lines[0]! }])).toBe(true);
    expect(sameLines(lines, [{ ...lines[0]!, quantity: 1 }])).toBe(false);
    expect(linesTotal([...lines, { description: 'B', quantity: 1, unitPence: 550 }])).toBe(2550);
  });
});

describe('VAT', () => {
  it('is a sixth of a price that includes it at 20%, rounded to the penny', () => {
    expect(vatIncluded(12000, 20)).toBe(2000);
    expect(vatIncluded(2500, 20)).toBe(417); // 416.67
    expect(vatIncluded(1, 20)).toBe(0);
    expect(vatIncluded(3, 20)).toBe(1); // 0.5 rounds up
  });

  it('is worked out per line, and the invoice’s is the sum of its lines’', () => {
    const { lines, totals } = invoiceLines(
      [
        { description: 'Tyre, fully fitted', quantity: 2, unitPence: 7499 },
        { description: 'Locking wheel nut removal', quantity: 1, unitPence: 1000 },
      ],
      20,
    );
    expect(lines.map((line) => [line.grossPence, line.vatPence, line.netPence])).toEqual([
      [14998, 2500, 12498],
      [1000, 167, 833],
    ]);
    expect(totals).toEqual({ grossPence: 15998, vatPence: 2667, netPence: 13331 });
  });

  it('says what is paid and due', () => {
    const card = { method: 'card' as const, amount: 5000, takenAt: '2026-11-28T10:00:00.000Z' };
    expect(paidStatus(15998, [])).toMatchObject({ status: 'unpaid', duePence: 15998 });
    expect(paidStatus(15998, [card])).toMatchObject({
      status: 'part-paid',
      paidPence: 5000,
      duePence: 10998,
    });
    expect(paidStatus(5000, [card])).toMatchObject({ status: 'paid', duePence: 0 });
    // A deposit paid online and refunded is paid no more.
    const refund = { amount: 2000, at: '2026-11-29T10:00:00.000Z' };
    expect(paidStatus(5000, [card], [refund])).toMatchObject({
      status: 'part-paid',
      paidPence: 3000,
      duePence: 2000,
    });
  });
});
