import { describe, expect, it } from 'vitest';
import { jobTotalMessage, linesReasonMessage, type Job } from '#common/jobs/jobs.ts';
import { completionOf, initialValues, splitTyre, torquedMessage } from './completion-values.ts';

const job = {
  tyres: { description: 'Hankook Ventus Prime 4 205/55 R16 91V', quantity: 2, source: 'stock' },
  lines: [
    { description: 'Hankook Ventus Prime 4 205/55 R16 91V, fully fitted', quantity: 2, unitPence: 7499 },
  ],
} as Job;

describe('the completion form', () => {
  it('reads a tyre’s description as brand, pattern and size', () => {
    expect(splitTyre('Hankook Ventus Prime 4 205/55 R16 91V')).toEqual({
      brand: 'Hankook',
      pattern: 'Ventus Prime 4',
      size: '205/55 R16 91V',
    });
    expect(splitTyre('Michelin Pilot Sport 5 225/40 ZR18 92Y XL').size).toBe('225/40 ZR18 92Y XL');
  });

  it('starts from the booked tyres at the front, and the booked charge, no check ticked', () => {
    const values = initialValues(job);
    expect(values).toMatchObject({ torqued: false, tpmsReset: false });
    expect(values.tyres.map((tyre) => [tyre.position, tyre.brand, tyre.size])).toEqual([
      ['nsf', 'Hankook', '205/55 R16 91V'],
      ['osf', 'Hankook', '205/55 R16 91V'],
    ]);
    expect(values.lines).toEqual([
      { description: 'Hankook Ventus Prime 4 205/55 R16 91V, fully fitted', quantity: '2', price: '74.99' },
    ]);
  });

  it('makes the completed event, tread depths as numbers', () => {
    const values = initialValues(job);
    values.tyres = values.tyres.map((tyre) => ({ ...tyre, dot: '2324' }));
    values.tread = { nsf: '2,1', osf: '1.6', nsr: '' };
    values.torqued = true;
    const { event } = completionOf(values, job);
    expect(event).toMatchObject({
      type: 'completed',
      record: {
        removedTreadMm: { nsf: 2.1, osf: 1.6 },
        torqued: true,
        tyres: [{ dot: '2324' }, { dot: '2324' }],
      },
    });
    expect(event).not.toHaveProperty('lines');
    expect(event).not.toHaveProperty('idempotencyKey');
  });

  it('puts each message at its field', () => {
    const values = initialValues(job);
    values.tread = { nsf: '-1' };
    values.changeCharge = true;
    values.lines = [{ description: 'Tyres', quantity: '2', price: 'abc' }];
    expect(completionOf(values, job).errors).toEqual({
      'tyres.0.dot': 'Enter the DOT week and year as four digits, for example 2324',
      'tyres.1.dot': 'Enter the DOT week and year as four digits, for example 2324',
      'tread.nsf': 'Tread depth cannot be negative',
      'lines.0.price': 'Enter the price of one in pounds, for example 25.00',
      linesReason: linesReasonMessage,
      torqued: torquedMessage,
    });
  });

  it('asks for the wheel nuts only when tyres were fitted', () => {
    const values = { ...initialValues(job), tyres: [] };
    expect(completionOf(values, job).event).toMatchObject({ record: { torqued: false } });
  });

  it('names the line that takes the job past £10,000, and queues nothing', () => {
    const values = initialValues(job);
    values.tyres = values.tyres.map((tyre) => ({ ...tyre, dot: '2324' }));
    values.torqued = true;
    values.changeCharge = true;
    values.linesReason = 'Fleet';
    values.lines = [
      { description: 'Tyres', quantity: '4', price: '2000' },
      { description: 'Lorry tyres', quantity: '99', price: '10000' },
    ];
    expect(completionOf(values, job).errors).toEqual({
      'lines.1.price': jobTotalMessage(800_000 + 99 * 1_000_000),
    });
  });
});
