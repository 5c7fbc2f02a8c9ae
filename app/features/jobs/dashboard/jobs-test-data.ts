import type { Job, JobRecord, Takings, VehicleHistory, VehicleJob } from '#common/jobs/jobs.ts';

/** Test data: one of the day's jobs as GET /api/jobs lists it, with overrides. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? 42;
  return {
    id,
    reference: `ENQ-2611-${String(id).padStart(4, '0')}`,
    date: '2026-11-24',
    window: { start: '08:00', end: '10:00' },
    status: 'scheduled',
    eta: null,
    fitter: { id: 7, name: 'dave' },
    customer: {
      name: 'Sarah Mitchell',
      phone: '07700 900123',
      address: '12 High Street, Romford',
      postcode: 'RM3 0AB',
    },
    location: 'mobile',
    locationName: 'Mobile fitting',
    vehicle: 'Ford Focus 2019',
    registration: 'AB12CDE',
    service: 'Puncture Repair',
    tyres: null,
    notes: '',
    lockingNuts: null,
    notCompletedReason: null,
    lines: [{ description: 'Puncture Repair', quantity: 1, unitPence: 2_500 }],
    total: 2_500,
    paid: 0,
    priceChange: null,
    photos: 0,
    invoice: null,
    credited: 0,
    reviewRequest: true,
    ...overrides,
  };
}

/** Test data: what a completed tyre replacement recorded, with overrides. */
export function makeRecord(overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    tyres: [
      { position: 'nsf', brand: 'Michelin', pattern: 'Primacy 4', size: '205/55 R16 91V', dot: '2324' },
      { position: 'osf', brand: 'Michelin', pattern: 'Primacy 4', size: '205/55 R16 91V', dot: '0125' },
    ],
    removedTreadMm: { nsf: 2.5, osf: 1.4, nsr: 4.2 },
    torqued: true,
    tpmsReset: false,
    advisories: 'Rear tyres worn on the inner edge: check the tracking.',
    notes: 'Locking wheel nut key returned to the glovebox.',
    ...overrides,
  };
}

/** Test data: one visit in a vehicle's history, completed and invoiced, with overrides. */
export function makeVehicleJob(overrides: Partial<VehicleJob> = {}): VehicleJob {
  const id = overrides.id ?? 42;
  return {
    id,
    reference: `ENQ-2611-${String(id).padStart(4, '0')}`,
    date: '2026-11-24',
    service: 'Tyre Replacement',
    status: 'completed',
    notCompletedReason: null,
    locationName: 'Mobile fitting',
    fitter: 'dave',
    record: makeRecord(),
    completedAt: '2026-11-24T10:40:00.000Z',
    invoices: [
      { number: 'INV-000042', kind: 'invoice', total: 19_800, issuedAt: '2026-11-24T10:41:00.000Z' },
    ],
    ...overrides,
  };
}

/** Test data: a vehicle's history, with overrides. */
export function makeVehicleHistory(overrides: Partial<VehicleHistory> = {}): VehicleHistory {
  return {
    registration: 'AB12CDE',
    vehicle: 'Ford Focus 2019',
    motExpiry: null,
    motExpirySource: null,
    motTest: null,
    motCheckedAt: null,
    registered: null,
    jobs: [makeVehicleJob()],
    ...overrides,
  };
}

const noMethods = () => ({ card: 0, cash: 0, 'bank-transfer': 0, account: 0, online: 0 });

/** Test data: a day's takings by two fitters, with overrides. */
export function makeTakings(overrides: Partial<Takings> = {}): Takings {
  return {
    date: '2026-11-24',
    total: 41_500,
    byMethod: { card: 22_000, cash: 9_500, 'bank-transfer': 10_000, account: 0, online: 0 },
    fitters: [
      {
        fitter: { id: 7, name: 'dave' },
        total: 31_500,
        payments: 3,
        byMethod: { ...noMethods(), card: 22_000, cash: 9_500 },
      },
      {
        fitter: { id: 8, name: 'priya' },
        total: 10_000,
        payments: 1,
        byMethod: { ...noMethods(), 'bank-transfer': 10_000 },
      },
    ],
    online: { payments: [], refunds: [], refunded: 0 },
    ...overrides,
  };
}
