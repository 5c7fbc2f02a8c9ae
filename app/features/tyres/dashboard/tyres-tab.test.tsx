// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { seasonNeededMessage } from '#common/tyres/price-file.ts';
import {
  belowReservedMessage,
  type StaffTyre,
  type TyreImportReport,
  type TyreSupplier,
} from '#common/tyres/staff.ts';
import { mockApi, renderStaffUi, type ApiAnswer, type ApiCall } from '#tests/support/api-mock.tsx';
import { makeBooking } from '#app/features/bookings/dashboard/booking-test-data.ts';
import { TyresTab } from './tyres-tab.tsx';

const tyre = (overrides: Partial<StaffTyre> = {}): StaffTyre => ({
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

const report = (overrides: Partial<TyreImportReport> = {}): TyreImportReport => ({
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

/** The Tyres API with a catalogue of one demo tyre; `answer` takes the calls it answers itself. */
function serve(answer: (call: ApiCall) => ApiAnswer | undefined = () => undefined) {
  return mockApi((call) => {
    const own = answer(call);
    if (own) return own;
    if (call.path.startsWith('/api/tyres/catalogue'))
      return { status: 200, body: { items: [tyre()], next: null, demoCount: 320 } };
    if (call.path === '/api/tyres/pricing')
      return { status: 200, body: { version: 4, pricing: defaultTyrePricing, custom: false } };
    if (call.path === '/api/tyres/suppliers') return { status: 200, body: [] satisfies TyreSupplier[] };
    if (call.path === '/api/tyres/imports') return { status: 200, body: [] };
    if (call.path === '/api/tyres/to-order') return { status: 200, body: [] };
    return { status: 404, body: { error: 'Not found' } };
  });
}

function renderTab() {
  renderStaffUi(<TyresTab />);
  return userEvent.setup({ delay: null });
}

describe('TyresTab: stock', () => {
  it('shows each tyre with its fitted price, cost, stock held for bookings and supplier, and the demo notice', async () => {
    serve();
    renderTab();
    const card = within(await screen.findByRole('article', { name: 'Hankook Ventus Prime 4' }));
    card.getByText('£89.99');
    card.getByText('£50.00');
    card.getByText('2 held for bookings, 4 free');
    card.getByText('1 day to deliver');
    card.getByText('Demo');
    screen.getByText(/320 demo tyres/);
  });

  it('shows a van tyre’s dual load index, and where the tyre can be had with each supplier’s part number', async () => {
    serve((call) =>
      call.path.startsWith('/api/tyres/catalogue')
        ? {
            status: 200,
            body: {
              items: [
                tyre({
                  size: '215/65R16',
                  loadIndex: 109,
                  loadIndexDual: 107,
                  speedRating: 'T',
                  demo: false,
                  sources: [
                    {
                      supplier: 'Van Tyres Ltd',
                      partNumber: 'VT-2156516',
                      cost: 6_150,
                      stock: 8,
                      leadDays: 1,
                    },
                    { supplier: 'Grosshandel', partNumber: null, cost: 6_400, stock: 0, leadDays: 3 },
                  ],
                }),
              ],
              next: null,
              demoCount: 0,
            },
          }
        : undefined,
    );
    renderTab();
    const card = within(await screen.findByRole('article', { name: 'Hankook Ventus Prime 4' }));
    card.getByText(/^215\/65R16 109\/107T/);
    const sources = within(card.getByRole('list', { name: 'Where to order it' })).getAllByRole('listitem');
    expect(sources.map((item) => item.textContent)).toEqual([
      'Van Tyres Ltd · part no. VT-2156516 · £61.50 · 8 in stock · 1 day to deliver',
      'Grosshandel · £64.00 · 0 in stock · 3 days to deliver',
    ]);
  });

  it('searches by what was typed', async () => {
    const calls = serve();
    const user = renderTab();
    await screen.findByRole('article', { name: 'Hankook Ventus Prime 4' });
    await user.type(screen.getByLabelText('Size, brand, pattern or EAN'), '205/55 R16');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/tyres/catalogue?q=205%2F55+R16&after=0'),
    );
  });

  it('asks why the stock changes before sending it, and shows the server’s refusal at the field', async () => {
    const calls = serve((call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            body: { error: belowReservedMessage(2), fieldErrors: { stock: [belowReservedMessage(2)] } },
          }
        : undefined,
    );
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Adjust stock or price' }));
    const form = within(screen.getByRole('form', { name: 'Adjust Hankook Ventus Prime 4' }));
    const stock = form.getByLabelText('On the shelf');
    await user.clear(stock);
    await user.type(stock, '1');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByRole('alert').textContent).toBe(
      'Say why the stock changes, for example “Counted the shelf”',
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.type(form.getByLabelText('Reason for the change'), 'Two sold at the counter');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe(belowReservedMessage(2));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/tyres/7', body: { stock: 1, reason: 'Two sold at the counter' } },
    ]);
  });

  it('sends an own price in pence, and refuses one that is not an amount', async () => {
    const calls = serve((call) =>
      call.method === 'PATCH'
        ? { status: 200, body: tyre({ priceOverride: 7_950, price: 7_950 }) }
        : undefined,
    );
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Adjust stock or price' }));
    const form = within(screen.getByRole('form', { name: 'Adjust Hankook Ventus Prime 4' }));
    await user.type(form.getByLabelText('Own fitted price (£)'), 'cheap');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(form.getByRole('alert').textContent).toBe('Enter an amount in pounds, for example 89.99');
    await user.clear(form.getByLabelText('Own fitted price (£)'));
    await user.type(form.getByLabelText('Own fitted price (£)'), '79.50');
    await user.click(form.getByRole('checkbox', { name: 'Hidden from customers' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Adjust/ })).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { priceOverride: 7_950, hidden: true },
    ]);
  });
});

describe('TyresTab: prices', () => {
  it('publishes the rules in pence, with an example price as typed', async () => {
    const calls = serve((call) =>
      call.method === 'PUT'
        ? {
            status: 200,
            body: { version: 5, pricing: (call.body as { pricing: unknown }).pricing, custom: true },
          }
        : undefined,
    );
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const margin = await screen.findByLabelText('Margin on cost (%)', {
      selector: '#pricing-mid-range-margin',
    });
    // Mid-range by default: £50 × 1.3 × 1.2 = £78, to £78.99, plus £12 fitting.
    screen.getByText('£90.99');
    await user.clear(margin);
    await user.type(margin, '40');
    screen.getByText('£96.99');
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((call) => call.method === 'PUT')!.body as {
      version: number;
      pricing: typeof defaultTyrePricing;
    };
    expect(sent.version).toBe(4);
    expect(sent.pricing).toEqual({
      ...defaultTyrePricing,
      tiers: { ...defaultTyrePricing.tiers, 'mid-range': { marginPercent: 40, floorPence: 4_500 } },
    });
    await screen.findByText('Prices published');
    screen.getByText('Every tyre without a price of its own follows these rules.');
  });

  it('shows the rules someone else published meanwhile in place of the draft, and says so', async () => {
    const theirs = {
      ...defaultTyrePricing,
      tiers: { ...defaultTyrePricing.tiers, budget: { marginPercent: 33, floorPence: 3_000 } },
    };
    const message =
      'Someone changed the tyre prices since you opened them. Here are theirs: make your changes again.';
    const calls = serve((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { error: message, current: { version: 6, pricing: theirs, custom: true } } }
        : undefined,
    );
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const margin = await screen.findByLabelText('Margin on cost (%)', {
      selector: '#pricing-premium-margin',
    });
    await user.clear(margin);
    await user.type(margin, '50');
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await screen.findByText(message);
    await waitFor(() =>
      expect(
        (
          screen.getByLabelText('Margin on cost (%)', {
            selector: '#pricing-budget-margin',
          }) as HTMLInputElement
        ).value,
      ).toBe('33'),
    );
    expect(
      (
        screen.getByLabelText('Margin on cost (%)', {
          selector: '#pricing-premium-margin',
        }) as HTMLInputElement
      ).value,
    ).toBe('30');
    // Publishing again goes from their version.
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect((calls.filter((call) => call.method === 'PUT')[1]!.body as { version: number }).version).toBe(6);
  });

  it('names each field that is wrong and sends nothing', async () => {
    const calls = serve();
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const floor = await screen.findByLabelText('Lowest tyre price before fitting (£)', {
      selector: '#pricing-budget-floor',
    });
    await user.clear(floor);
    await user.type(floor, 'thirty');
    await user.click(screen.getByRole('button', { name: 'Add a brand' }));
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await screen.findByText('Enter an amount in pounds, for example 89.99');
    screen.getByText('Enter the brand');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('TyresTab: imports', () => {
  const ownFile = new File(
    [
      'ean,brand,pattern,width,profile,rim,load_index,speed_rating,season,cost\n1,A,B,205,55,16,91,V,summer,50\n2,C,D,205,55,16,91,V,summer,x\n',
    ],
    'prices.csv',
    { type: 'text/csv' },
  );

  it('reads a file with our own columns as it is, and shows its progress, refused rows and their download', async () => {
    let polls = 0;
    const calls = serve((call) => {
      if (call.method === 'POST' && call.path === '/api/tyres/imports')
        return { status: 202, body: { id: 12 } };
      if (call.path === '/api/tyres/imports/12') {
        polls += 1;
        return {
          status: 200,
          body:
            polls === 1
              ? report({ status: 'running', rows: 1, imported: 0, rejected: 0, errors: [] })
              : report(),
        };
      }
      return undefined;
    });
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Imports' }));
    await user.upload(await screen.findByLabelText(/^Price file/), ownFile);
    expect(((await screen.findByLabelText('Whose columns does it have?')) as HTMLSelectElement).value).toBe(
      'own',
    );
    screen.getByText('prices.csv: 2 rows, 10 columns.');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await screen.findByText('1 of 2 rows read');
    // Found once the second reading of its progress (a second later) says it is done.
    await screen.findByText(
      '2 of 3 rows imported, 1 refused, 0 tyres not in the file now unavailable.',
      {},
      { timeout: 3_000 },
    );
    screen.getByRole('cell', { name: 'cost: enter an amount' });
    expect(screen.getByRole('link', { name: 'Download the 1 refused row (CSV)' }).getAttribute('href')).toBe(
      '/api/tyres/imports/12/errors.csv',
    );
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.body).toMatchObject({ full: 'true' });
    expect((sent.body as { file: File }).file.name).toBe('prices.csv');
  });

  it('maps another supplier’s headers once, keeps the mapping, and imports with it', async () => {
    const calls = serve((call) => {
      if (call.method === 'POST' && call.path === '/api/tyres/suppliers')
        return { status: 201, body: { id: 3, ...(call.body as object) } };
      if (call.method === 'POST' && call.path === '/api/tyres/imports')
        return { status: 202, body: { id: 13 } };
      if (call.path === '/api/tyres/imports/13')
        return { status: 200, body: report({ id: 13, rejected: 0, errors: [] }) };
      return undefined;
    });
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Imports' }));
    const file = new File(
      ['Marke;Profil;Groesse;Brand;EK netto\nA;B;205/55 R16 91V;x;50\n'],
      'grosshandel.csv',
    );
    await user.upload(await screen.findByLabelText(/^Price file/), file);
    expect(((await screen.findByLabelText('Whose columns does it have?')) as HTMLSelectElement).value).toBe(
      'new',
    );
    // Only what matches by name is chosen at first: Brand.
    expect((screen.getByLabelText(/^Brand/) as HTMLSelectElement).value).toBe('Brand');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Choose the file’s columns for Pattern, Cost before VAT/,
    );

    await user.selectOptions(screen.getByLabelText(/^Brand/), 'Marke');
    await user.selectOptions(screen.getByLabelText(/^Pattern/), 'Profil');
    await user.selectOptions(screen.getByLabelText('Whole size (205/55 R16 91V)'), 'Groesse');
    await user.selectOptions(screen.getByLabelText(/^Cost before VAT/), 'EK netto');
    // The file has no season column: it is never taken for a summer list.
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toBe(seasonNeededMessage);
    await user.selectOptions(screen.getByLabelText(/^Season/), 'The same for every row');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toBe(seasonNeededMessage);
    await user.selectOptions(screen.getByLabelText('Season of every row'), 'Winter');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter the supplier’s name');
    await user.type(screen.getByLabelText(/^Supplier’s name/), 'Grosshandel');
    await user.click(screen.getByRole('checkbox', { name: /whole range/ }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await screen.findByText(/^2 of 3 rows imported/);
    expect(calls.filter((call) => call.method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      [
        '/api/tyres/suppliers',
        {
          name: 'Grosshandel',
          mapping: {
            brand: 'Marke',
            pattern: 'Profil',
            size: 'Groesse',
            cost: 'EK netto',
            season: { value: 'winter' },
          },
        },
      ],
      ['/api/tyres/imports', { file: expect.any(File), mappingId: '3', full: 'false' }],
    ]);
  });
});

describe('TyresTab: to order', () => {
  it('lists the bookings whose tyres come from the supplier and marks them ordered', async () => {
    const booking = makeBooking({
      id: 31,
      tyre: {
        id: 7,
        description: 'Hankook Ventus Prime 4 205/55 R16 91V',
        quantity: 2,
        price: 8_999,
        total: 17_998,
        source: 'supplier',
        orderedAt: null,
      },
    });
    const sources = [{ supplier: 'Grosshandel', partNumber: 'GH-1001', cost: 5_000, stock: 12, leadDays: 2 }];
    const calls = serve((call) => {
      if (call.path === '/api/tyres/to-order') return { status: 200, body: [{ ...booking, sources }] };
      if (call.method === 'PUT')
        return {
          status: 200,
          body: [{ ...booking, sources, tyre: { ...booking.tyre!, orderedAt: '2026-11-26T10:00:00.000Z' } }],
        };
      return undefined;
    });
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'To order' }));
    const card = within(
      await screen.findByRole('article', { name: '2 × Hankook Ventus Prime 4 205/55 R16 91V' }),
    );
    card.getByText(/Not ordered yet/);
    card.getByText(/part no\. GH-1001/);
    screen.getByText('1 booking needs tyres from the supplier; 1 not ordered yet.');
    await user.click(card.getByRole('button', { name: 'Mark ordered' }));
    await card.findByRole('button', { name: 'Mark not ordered' });
    card.getByText(/Ordered 26\/11\/2026, 10:00/);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/tyres/to-order/31', body: { ordered: true } },
    ]);
  });
});

describe('TyresTab: held', () => {
  const held = makeBooking({
    id: 41,
    reference: 'ENQ-2611-0041',
    name: 'Robin Held',
    createdAt: '2026-11-25T09:30:00.000Z',
    tyre: {
      id: 7,
      description: 'Hankook Ventus Prime 4 205/55 R16 91V',
      quantity: 6,
      price: 8_999,
      total: 53_994,
      source: 'stock',
      orderedAt: null,
    },
  });

  it('lists the tyres held by online bookings not yet confirmed, and releases one at a press', async () => {
    const calls = serve((call) => {
      if (call.path === '/api/tyres/held' && call.method === 'GET') return { status: 200, body: [held] };
      if (call.path === '/api/tyres/held/41/release') return { status: 200, body: [] };
      return undefined;
    });
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Held' }));
    const card = within(
      await screen.findByRole('article', { name: '6 × Hankook Ventus Prime 4 205/55 R16 91V' }),
    );
    card.getByText(/Robin Held/);
    card.getByText('ENQ-2611-0041');
    card.getByText(/Booked online 25\/11\/2026, 09:30/);
    screen.getByText(/6 tyres are held by 1 online booking not confirmed yet\./);
    await user.click(card.getByRole('button', { name: 'Release' }));
    await screen.findByText(/No online booking waiting to be confirmed holds tyres from stock\./);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/tyres/held/41/release', body: undefined },
    ]);
  });

  it('says why a release failed and keeps the booking listed', async () => {
    serve((call) => {
      if (call.path === '/api/tyres/held' && call.method === 'GET') return { status: 200, body: [held] };
      if (call.method === 'POST')
        return { status: 409, body: { error: 'This booking holds no tyres from stock now.' } };
      return undefined;
    });
    const user = renderTab();
    await user.click(screen.getByRole('tab', { name: 'Held' }));
    const card = await screen.findByRole('article', { name: '6 × Hankook Ventus Prime 4 205/55 R16 91V' });
    await user.click(within(card).getByRole('button', { name: 'Release' }));
    await screen.findByText('This booking holds no tyres from stock now.');
    expect(screen.getByRole('article', { name: '6 × Hankook Ventus Prime 4 205/55 R16 91V' })).toBe(card);
  });
});
