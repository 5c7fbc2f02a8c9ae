import userEvent from '@testing-library/user-event';
import { marginOf, type StaffTyre, type TyreImportReport } from '#common/tyres/staff.ts';
import { answer, serveApi, type ApiHandler } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { TyresTab } from './tyres-tab.tsx';

/** Test data: a demo tyre of the catalogue, with overrides; its margin at 20% VAT. */
export const tyre = (overrides: Partial<StaffTyre> = {}): StaffTyre => {
  const made = { price: 8_999, cost: 5_000, ...overrides };
  return {
    ...tyreFields(overrides),
    margin: marginOf(made, 20),
    ...(overrides.margin && { margin: overrides.margin }),
  };
};

const tyreFields = (overrides: Partial<StaffTyre>): Omit<StaffTyre, 'margin'> => ({
  id: 7,
  brand: 'Hankook',
  pattern: 'Ventus Prime 4',
  size: '205/55 R16',
  loadIndex: 91,
  loadIndexDual: null,
  speedRating: 'V',
  season: 'summer',
  runFlat: false,
  extraLoad: false,
  tier: 'mid-range',
  price: 8_999,
  ean: '8808563000001',
  cost: 5_000,
  priceOverride: null,
  stock: 6,
  reserved: 2,
  supplierStock: 40,
  leadDays: 1,
  hidden: false,
  available: true,
  demo: true,
  sources: [],
  ...overrides,
});

/** Test data: a price file's import, done, with overrides. */
export const report = (overrides: Partial<TyreImportReport> = {}): TyreImportReport => ({
  id: 12,
  fileName: 'prices.csv',
  supplier: null,
  full: true,
  status: 'done',
  rows: 3,
  imported: 2,
  rejected: 1,
  withdrawn: 0,
  errors: [{ line: 3, reason: 'cost: enter an amount' }],
  failure: null,
  startedBy: 'alice',
  startedAt: '2026-11-26T09:00:00.000Z',
  finishedAt: '2026-11-26T09:00:02.000Z',
  ...overrides,
});

/** The Tyres API with a catalogue of one demo tyre, the test's `own` answers first. */
export function serveTyres(own: ApiHandler[] = []) {
  return serveApi(
    ...own,
    answer('GET /api/tyres/catalogue', {
      status: 200,
      body: { items: [tyre()], next: null, demoCount: 320 },
    }),
    answer('GET /api/tyres/suppliers', { status: 200, body: [] }),
    answer('GET /api/tyres/imports', { status: 200, body: [] }),
    answer('GET /api/tyres/to-order', { status: 200, body: [] }),
  ).calls;
}

/** The Tyres tab (at `route`, whose query the stock table reads), and a person to use it. */
export function renderTyresTab(route = '/') {
  renderStaffUi(<TyresTab />, { route });
  return userEvent.setup({ delay: null });
}
