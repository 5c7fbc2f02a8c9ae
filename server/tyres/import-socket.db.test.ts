import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { backupSocketPath, openBackupSocket, requestTyreImport } from '../backups/control-socket.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { tyreImports, tyreSuppliers, tyres } from '../db/schema.ts';
import type { ImportReport } from './import.ts';
import { importFile } from './import-task.ts';

let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tyres-import-'));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run tyres:import through the running server', () => {
  it('imports the file named, as the supplier named, and answers the report', async () => {
    const file = path.join(dataDir, 'prices.csv');
    fs.writeFileSync(
      file,
      [
        'ean,brand,pattern,width,profile,rim,load_index,speed_rating,season,cost,supplier_stock',
        '5000000000001,Hankook,Ventus Prime 4,205,55,16,91,V,winter,40.00,12',
        '5000000000002,Hankook,Ventus Prime 4,205,55,16,91,X,winter,40.00,12',
      ].join('\n'),
    );
    const socket = await openBackupSocket({
      dataDir,
      dump: async () => new Uint8Array(),
      importTyres: ({ file: named, supplier, full }) =>
        importFile(database.db, { file: named, supplierName: supplier, full }),
      logger: pino({ level: 'silent' }),
    });
    try {
      const report = (await requestTyreImport(backupSocketPath(dataDir), {
        file,
        supplier: 'Wholesale Ltd',
        full: true,
      })) as ImportReport;
      expect(report).toMatchObject({
        status: 'done',
        rows: 2,
        imported: 1,
        rejected: 1,
        errors: [{ line: 3, reason: 'speed_rating: “X” is not a speed rating' }],
      });
      const [supplier] = await database.db.select().from(tyreSuppliers);
      expect(supplier).toMatchObject({ name: 'Wholesale Ltd', mapping: {} });
      expect(await database.db.select({ supplierId: tyres.supplierId }).from(tyres)).toEqual([
        { supplierId: supplier!.id },
      ]);
      const [recorded] = await database.db.select().from(tyreImports);
      expect(recorded).toMatchObject({
        fileName: 'prices.csv',
        startedBy: 'npm run tyres:import',
        status: 'done',
      });

      const missing = (await requestTyreImport(backupSocketPath(dataDir), {
        file: path.join(dataDir, 'no-such-file.csv'),
        supplier: null,
        full: false,
      })) as ImportReport;
      expect(missing.status).toBe('failed');
      expect(missing.failure).toMatch(/^The file could not be read: ENOENT/);
    } finally {
      await socket?.close();
    }
  });
});
