import { priceFileColumns, type PriceFileColumn } from '#common/tyres/price-file.ts';
import { csvCell } from '../enquiries/export.ts';

/**
 * Example rows of the import's template: a car tyre with every column filled, and a van tyre
 * (dual load index, no EAN) leaving out what may be left empty. Typed by our columns, so that a
 * column added to the import needs its example here before the template builds.
 */
const exampleRows: Record<PriceFileColumn, string>[] = [
  {
    ean: '3528700000001',
    brand: 'Michelin',
    pattern: 'Primacy 4+',
    width: '205',
    profile: '55',
    rim: '16',
    load_index: '91',
    speed_rating: 'V',
    season: 'summer',
    run_flat: 'no',
    extra_load: 'no',
    fuel: 'C',
    wet: 'A',
    noise_db: '69',
    noise_class: 'B',
    snow: 'no',
    ice: 'no',
    cost: '62.40',
    stock: '4',
    supplier_stock: '12',
    lead_days: '1',
    part_number: 'MI-2055516-P4',
  },
  {
    ean: '',
    brand: 'Continental',
    pattern: 'VanContact 4Season',
    width: '215',
    profile: '65',
    rim: '16',
    load_index: '109/107',
    speed_rating: 'T',
    season: 'all-season',
    run_flat: 'no',
    extra_load: 'no',
    fuel: '',
    wet: '',
    noise_db: '',
    noise_class: '',
    snow: 'yes',
    ice: 'no',
    cost: '88.10',
    stock: '0',
    supplier_stock: '6',
    lead_days: '2',
    part_number: '',
  },
];

/**
 * GET /api/tyres/import-template.csv: our own column set, in the order the import documents it,
 * and the example rows. Written as the refused rows' download is (a byte-order mark, so that
 * spreadsheets read it as UTF-8, and CRLF lines); the import reads it as it is.
 */
export function importTemplateCsv(): string {
  const lines = [
    priceFileColumns.join(','),
    ...exampleRows.map((row) => priceFileColumns.map((column) => csvCell(row[column])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
