import { describe, expect, it } from 'vitest';
import { dvsaNewVehicle, dvsaTestedVehicle } from '#tests/support/vehicle-data-fixtures.ts';
import { completedDay, dvsaDay, motHistoryOf } from './mot-history.ts';

// The DVSA's answers (tests/support/vehicle-data-fixtures.ts, from its published examples) as the
// product keeps them.
describe('a vehicle’s MOT history', () => {
  it('of a tested vehicle: the latest test’s expiry, date and tyre items, other items left out', () => {
    expect(motHistoryOf(dvsaTestedVehicle)).toEqual({
      expiry: '2027-10-01',
      test: {
        date: '2026-10-02',
        result: 'passed',
        expiry: '2027-10-01',
        number: '914655760009',
        tyreItems: [
          {
            type: 'advisory',
            text: 'Nearside Rear Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
            dangerous: false,
          },
        ],
      },
    });
  });

  it('of a new vehicle: its first MOT’s due date, no test', () => {
    expect(motHistoryOf(dvsaNewVehicle)).toEqual({ expiry: '2027-04-19', test: null });
  });

  it('after a failure: the failed test with its tyre defects, the expiry of the pass before', () => {
    const [passed, failed] = dvsaTestedVehicle.motTests;
    const history = motHistoryOf({
      ...dvsaTestedVehicle,
      motTests: [
        { ...failed, completedDate: '2027-09-30T10:00:00.000Z' },
        { ...passed, completedDate: '2026-10-02T09:33:08.000Z' },
      ],
    });
    expect(history.expiry).toBe('2027-10-01');
    expect(history.test).toMatchObject({
      date: '2027-09-30',
      result: 'failed',
      expiry: null,
      tyreItems: [{ type: 'major', text: expect.stringMatching(/^Offside Front Tyre/) }],
    });
  });

  it('of the API’s first version’s dates and items (rfrAndComments)', () => {
    const history = motHistoryOf({
      registration: 'ZZ99ABC',
      motTests: [
        {
          completedDate: '2013.11.03 09:33:08',
          testResult: 'PASSED',
          expiryDate: '2014.11.02',
          motTestNumber: '914655760009',
          rfrAndComments: [{ text: 'Offside Front Tyre worn close to the legal limit', type: 'ADVISORY' }],
        },
      ],
    });
    expect(history).toEqual({
      expiry: '2014-11-02',
      test: {
        date: '2013-11-03',
        result: 'passed',
        expiry: '2014-11-02',
        number: '914655760009',
        tyreItems: [
          { type: 'advisory', text: 'Offside Front Tyre worn close to the legal limit', dangerous: false },
        ],
      },
    });
  });

  it('of nothing it can read: no expiry and no test', () => {
    expect(motHistoryOf(null)).toEqual({ expiry: null, test: null });
    expect(motHistoryOf({ motTests: [{ completedDate: 'yesterday' }] })).toEqual({
      expiry: null,
      test: null,
    });
  });

  it('reads the DVSA’s days, and a completion instant as its London day', () => {
    expect(dvsaDay('2024-09-21')).toBe('2024-09-21');
    expect(dvsaDay('2014.11.02')).toBe('2014-11-02');
    expect(dvsaDay('21/09/2024')).toBeNull();
    // 23:10 UTC on 30 September is 00:10 on 1 October in London (summer time).
    expect(completedDay('2026-09-30T23:10:00.000Z')).toBe('2026-10-01');
    expect(completedDay('2026-11-30T23:10:00.000Z')).toBe('2026-11-30');
  });
});
