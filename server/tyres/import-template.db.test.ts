import { Readable } from 'node:stream';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceFileColumns } from '#common/tyres/price-file.ts';
import { clearTyres } from '#tests/support/tyres.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { tyres } from '../db/schema.ts';
import { runImport } from './import.ts';
import { createImport } from './import-records.ts';

const fixture = useTestApp();

beforeEach(() => clearTyres(fixture.database.db));

const templatePath = '/api/tyres/import-template.csv';

describe('the price file template', () => {
  it('is a CSV to download, for staff only', async () => {
    await request(fixture.app).get(templatePath).expect(401);
    const answer = await request(fixture.app).get(templatePath).set(fixture.staff.headers).expect(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename=tyre-price-file-template.csv');
    const [header, ...rows] = answer.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(priceFileColumns.join(','));
    expect(rows).toHaveLength(2);
  });

  it('is read by the import as it is: every example row imported, none refused', async () => {
    const answer = await request(fixture.app).get(templatePath).set(fixture.staff.headers).expect(200);
    const db = fixture.database.db;
    const id = await createImport(db, {
      supplierId: null,
      fileName: 'tyre-price-file-template.csv',
      full: false,
      startedBy: 'test',
    });
    const report = await runImport(db, id, Readable.from([Buffer.from(answer.text)]), {
      supplierId: null,
      mapping: null,
      full: false,
    });
    expect(report).toMatchObject({ status: 'done', rows: 2, imported: 2, rejected: 0, errors: [] });
    const stored = await db
      .select({ brand: tyres.brand, loadIndexDual: tyres.loadIndexDual, costPence: tyres.costPence })
      .from(tyres)
      .orderBy(tyres.brand);
    expect(stored).toEqual([
      { brand: 'Continental', loadIndexDual: 107, costPence: 8_810 },
      { brand: 'Michelin', loadIndexDual: null, costPence: 6_240 },
    ]);
  });
});
