// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seasonNeededMessage } from '#common/tyres/price-file.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { renderTyresTab, report, serveTyres } from './tyres-test-data.tsx';

describe('TyresTab: imports', () => {
  const ownFile = new File(
    [
      'ean,brand,pattern,width,profile,rim,load_index,speed_rating,season,cost\n1,A,B,205,55,16,91,V,summer,50\n2,C,D,205,55,16,91,V,summer,x\n',
    ],
    'prices.csv',
    { type: 'text/csv' },
  );

  it('offers the template of our own columns to download beside the file', async () => {
    serveTyres();
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'Imports' }));
    const link = await screen.findByRole('link', { name: 'Download template' });
    expect(link.getAttribute('href')).toBe('/api/tyres/import-template.csv');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('reads a file with our own columns as it is, and shows its progress, refused rows and their download', async () => {
    const calls = serveTyres([
      answer('POST /api/tyres/imports', { status: 202, body: { id: 12 } }),
      // Running at the first reading of its progress, done at the next.
      answer('GET /api/tyres/imports/:id', [
        { status: 200, body: report({ status: 'running', rows: 1, imported: 0, rejected: 0, errors: [] }) },
        { status: 200, body: report() },
      ]),
    ]);
    const user = renderTyresTab();
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
    const calls = serveTyres([
      answer('POST /api/tyres/suppliers', ({ body }) => ({ status: 201, body: { id: 3, ...body } })),
      answer('POST /api/tyres/imports', { status: 202, body: { id: 13 } }),
      answer('GET /api/tyres/imports/:id', {
        status: 200,
        body: report({ id: 13, rejected: 0, errors: [] }),
      }),
    ]);
    const user = renderTyresTab();
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
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^Choose the file’s columns for Pattern, Cost before VAT/,
      ),
    );

    await user.selectOptions(screen.getByLabelText(/^Brand/), 'Marke');
    await user.selectOptions(screen.getByLabelText(/^Pattern/), 'Profil');
    await user.selectOptions(screen.getByLabelText('Whole size (205/55 R16 91V)'), 'Groesse');
    await user.selectOptions(screen.getByLabelText(/^Cost before VAT/), 'EK netto');
    // The file has no season column: it is never taken for a summer list.
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(seasonNeededMessage));
    await user.selectOptions(screen.getByLabelText(/^Season/), 'The same for every row');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(seasonNeededMessage));
    await user.selectOptions(screen.getByLabelText('Season of every row'), 'Winter');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Enter the supplier’s name'));
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
