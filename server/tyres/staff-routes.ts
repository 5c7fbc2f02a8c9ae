import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { BusinessSettings } from '#common/settings/domains.ts';
import {
  mappableColumns,
  missingColumns,
  seasonNeededMessage,
  type ColumnMapping,
} from '#common/tyres/price-file.ts';
import { tyreChangeSchema, type TyreImportReport, type TyreSupplier } from '#common/tyres/staff.ts';
import { recordStaffActivity } from '../activity/service.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { csvCell } from '../enquiries/export.ts';
import { tyreImports, tyreSuppliers } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody } from '../http/params.ts';
import type { TaskRunner } from '../tasks/runner.ts';
import { markTyresOrdered, tyresToOrder } from './booking-tyres.ts';
import { sourcesOf, tyreById } from './catalogue.ts';
import { createImport, dropImport, ImportRunningError } from './import-records.ts';
import { queueImport } from './import-task.ts';
import { importTemplateCsv } from './import-template.ts';
import { changeTyre, removeDemoTyres, staffTyre } from './staff.ts';
import { cataloguePage } from './staff-catalogue.ts';
import { readPriceFileUpload, type PriceFileUpload } from './upload.ts';

type StaffTyresDependencies = {
  db: Database;
  /** The settings in force (the price rules and the VAT rate that staff see prices by). */
  settings: () => Promise<BusinessSettings>;
  requireUser: RequestHandler;
  /** Told when what the public pages show changed (prices, the range). */
  changed: () => void;
  /** The background tasks: an uploaded price file is imported by the task `tyre-import`. */
  tasks: Pick<TaskRunner, 'runSoon'>;
};

const tyreNotFound = () => new HttpError(404, 'There is no such tyre.');
const importNotFound = () => new HttpError(404, 'There is no such import.');

const supplierSchema = z.object({
  name: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z.string().check(z.minLength(1, 'Enter the supplier’s name'), z.maxLength(80, 'At most 80 characters')),
  ),
  mapping: z.partialRecord(
    z.enum(mappableColumns, 'Not one of our columns'),
    z.union([
      z.string().check(z.minLength(1), z.maxLength(120, 'At most 120 characters')),
      z.object({ value: z.string().check(z.maxLength(80, 'At most 80 characters')) }),
    ]),
  ),
});

function checkedMapping(mapping: ColumnMapping) {
  const missing = missingColumns(mapping);
  if (missing.length === 1 && missing[0] === 'season') {
    throw new HttpError(400, seasonNeededMessage, { mapping: [seasonNeededMessage] });
  }
  if (missing.length > 0) {
    throw new HttpError(400, `Choose the file’s columns for ${missing.join(', ')}.`, {
      mapping: [`Choose the file’s columns for ${missing.join(', ')}.`],
    });
  }
  return mapping;
}

function importJson(row: typeof tyreImports.$inferSelect, supplier: string | null): TyreImportReport {
  return {
    id: row.id,
    fileName: row.fileName,
    supplier,
    full: row.full,
    status: row.status as TyreImportReport['status'],
    rows: row.rows,
    imported: row.imported,
    rejected: row.rejected,
    withdrawn: row.withdrawn,
    errors: row.errors,
    failure: row.failure,
    startedBy: row.startedBy,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function importRow(db: Database, id: number) {
  const [row] = await db
    .select({ row: tyreImports, supplier: tyreSuppliers.name })
    .from(tyreImports)
    .leftJoin(tyreSuppliers, eq(tyreSuppliers.id, tyreImports.supplierId))
    .where(eq(tyreImports.id, id));
  return row;
}

/** The staff side of the catalogue, at /api/tyres/…: every route needs a signed-in member of staff. */
export function staffTyresRouter(deps: StaffTyresDependencies) {
  const { requireUser } = deps;
  const router = Router();
  // The catalogue page by page, and the demo catalogue's removal.
  router.get('/tyres/catalogue', requireUser, cataloguePage(deps));
  router.delete('/tyres/demo', requireUser, removeDemoCatalogue(deps));
  // The suppliers and the mapping of their files' headers onto our columns.
  router.get('/tyres/suppliers', requireUser, listSuppliers(deps));
  router.post('/tyres/suppliers', requireUser, express.json({ limit: '16kb' }), addSupplier(deps));
  router.put('/tyres/suppliers/:id', requireUser, express.json({ limit: '16kb' }), changeSupplier(deps));
  // Price file imports: an upload handed to the import task, its progress and its refused rows.
  router.get('/tyres/imports', requireUser, listImports(deps));
  router.get('/tyres/import-template.csv', requireUser, importTemplate);
  router.post('/tyres/imports', requireUser, startImport(deps));
  router.get('/tyres/imports/:id', requireUser, readImport(deps));
  router.get('/tyres/imports/:id/errors.csv', requireUser, refusedRowsCsv(deps));
  // The tyres to order for bookings, each marked ordered or not.
  router.get('/tyres/to-order', requireUser, listTyresToOrder(deps));
  router.put('/tyres/to-order/:id', requireUser, express.json({ limit: '1kb' }), markOrdered(deps));
  // One tyre: read, and changed (stock with its reason, own price, hidden); after the other
  // routes, whose paths it would otherwise take.
  router.get('/tyres/:id', requireUser, readTyre(deps));
  router.patch('/tyres/:id', requireUser, express.json({ limit: '4kb' }), changeCatalogueTyre(deps));
  return router;
}

/** DELETE /tyres/demo: the demo catalogue removed. */
function removeDemoCatalogue({ db, changed }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const removed = await removeDemoTyres(db);
    changed();
    await recordStaffActivity(db, req, {
      kind: 'tyre-changed',
      target: 'demo catalogue',
      detail: { removed },
    });
    res.json({ removed });
  };
}

/** GET /tyres/suppliers: the suppliers and their files’ mappings. */
function listSuppliers({ db }: StaffTyresDependencies) {
  return async (_req: Request, res: Response) => {
    const rows = await db.select().from(tyreSuppliers).orderBy(tyreSuppliers.name);
    res.json(
      rows.map(({ id, name, mapping }) => ({
        id,
        name,
        mapping: mapping as ColumnMapping,
      })) satisfies TyreSupplier[],
    );
  };
}

/** POST /tyres/suppliers: a new supplier and its mapping. */
function addSupplier({ db }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const body = parseBody(supplierSchema, req.body);
    try {
      const [row] = await db
        .insert(tyreSuppliers)
        .values({ name: body.name, mapping: checkedMapping(body.mapping) })
        .returning();
      res.status(201).json({
        id: row!.id,
        name: row!.name,
        mapping: row!.mapping as ColumnMapping,
      } satisfies TyreSupplier);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new HttpError(409, 'A supplier of that name exists: choose it instead.', {
        name: ['A supplier of that name exists: choose it instead.'],
      });
    }
  };
}

/** PUT /tyres/suppliers/{id}: the supplier’s name and mapping changed. */
function changeSupplier({ db }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, 'There is no such supplier.');
    const body = parseBody(supplierSchema, req.body);
    const [row] = await db
      .update(tyreSuppliers)
      .set({ name: body.name, mapping: checkedMapping(body.mapping), updatedAt: new Date() })
      .where(eq(tyreSuppliers.id, id))
      .returning();
    if (!row) throw new HttpError(404, 'There is no such supplier.');
    res.json({ id: row.id, name: row.name, mapping: row.mapping as ColumnMapping } satisfies TyreSupplier);
  };
}

/** GET /tyres/imports: the last imports, without their refused rows. */
function listImports({ db }: StaffTyresDependencies) {
  return async (_req: Request, res: Response) => {
    const rows = await db
      .select({ row: tyreImports, supplier: tyreSuppliers.name })
      .from(tyreImports)
      .leftJoin(tyreSuppliers, eq(tyreSuppliers.id, tyreImports.supplierId))
      .orderBy(desc(tyreImports.id))
      .limit(20);
    // The list leaves out the refused rows: each import's own answer has them.
    res.json(rows.map(({ row, supplier }) => ({ ...importJson(row, supplier), errors: [] })));
  };
}

/** POST /tyres/imports: an uploaded price file handed to the import task (202). */
function startImport({ db, changed, tasks }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    // The import is claimed before the file is received: a second one is refused before its body
    // is stored anywhere.
    let id: number;
    try {
      id = await createImport(db, {
        supplierId: null,
        fileName: 'receiving the file',
        full: true,
        startedBy: req.user!.username,
      });
    } catch (error) {
      if (error instanceof ImportRunningError) throw new HttpError(409, error.message);
      throw error;
    }
    let upload: PriceFileUpload;
    try {
      upload = await readPriceFileUpload(req);
    } catch (error) {
      await dropImport(db, id);
      throw error;
    }
    try {
      const mappingId = upload.fields.mappingId?.trim() || undefined;
      let supplier: typeof tyreSuppliers.$inferSelect | undefined;
      if (mappingId !== undefined) {
        if (!/^\d{1,9}$/.test(mappingId))
          throw new HttpError(400, 'mappingId must be the id of a supplier’s mapping.');
        [supplier] = await db
          .select()
          .from(tyreSuppliers)
          .where(eq(tyreSuppliers.id, Number(mappingId)));
        if (!supplier)
          throw new HttpError(400, 'There is no such supplier’s mapping.', {
            mappingId: ['There is no such supplier’s mapping.'],
          });
      }
      const full =
        upload.fields.full === undefined ||
        !['false', '0', 'no'].includes(upload.fields.full.trim().toLowerCase());
      await db
        .update(tyreImports)
        .set({ supplierId: supplier?.id ?? null, fileName: upload.fileName, full })
        .where(eq(tyreImports.id, id));
      res.status(202).json({ id });
      queueImport(db, tasks, {
        importId: id,
        file: upload.file,
        settings: {
          supplierId: supplier?.id ?? null,
          mapping: supplier ? (supplier.mapping as ColumnMapping) : null,
          full,
        },
        afterwards: async (report) => {
          changed();
          await recordStaffActivity(db, req, {
            kind: 'tyres-imported',
            target: `import ${id}`,
            detail: {
              file: upload.fileName,
              status: report.status,
              imported: report.imported,
              rejected: report.rejected,
            },
          });
        },
        remove: upload.remove,
      });
    } catch (error) {
      upload.remove();
      await dropImport(db, id);
      throw error;
    }
  };
}

/** GET /tyres/import-template.csv: a file in our own column set, to fill in and import. */
function importTemplate(_req: Request, res: Response) {
  res.type('text/csv; charset=utf-8').attachment('tyre-price-file-template.csv').send(importTemplateCsv());
}

/** GET /tyres/imports/{id}: one import’s progress and refused rows. */
function readImport({ db }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const found = await importRow(db, idParam(req, 'There is no such import.'));
    if (!found) throw importNotFound();
    res.json(importJson(found.row, found.supplier));
  };
}

/** GET /tyres/imports/{id}/errors.csv: the import’s refused rows, as a spreadsheet. */
function refusedRowsCsv({ db }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const found = await importRow(db, idParam(req, 'There is no such import.'));
    if (!found) throw importNotFound();
    const lines = [
      'line,reason',
      ...found.row.errors.map(({ line, reason }) => `${line},${csvCell(reason)}`),
    ];
    res
      .type('text/csv; charset=utf-8')
      .attachment(`import-${found.row.id}-refused-rows.csv`)
      .send(`\uFEFF${lines.join('\r\n')}\r\n`);
  };
}

/** GET /tyres/to-order: the tyres to order for bookings. */
function listTyresToOrder({ db }: StaffTyresDependencies) {
  return async (_req: Request, res: Response) => {
    res.json(await tyresToOrder(db));
  };
}

/** PUT /tyres/to-order/{id}: a booking’s tyres marked ordered or not. */
function markOrdered({ db }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, 'There is no such booking.');
    const { ordered } = parseBody(
      z.object({ ordered: z.boolean('Say whether the tyres are ordered') }),
      req.body,
    );
    if (!(await markTyresOrdered(db, id, ordered, new Date()))) {
      throw new HttpError(404, 'There is no such booking with tyres to order.');
    }
    await recordStaffActivity(db, req, {
      kind: 'booking-changed',
      target: `booking ${id}`,
      detail: { tyresOrdered: ordered },
    });
    res.json(await tyresToOrder(db));
  };
}

/** GET /tyres/{id}: one tyre, at the prices staff see. */
function readTyre({ db, settings }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const row = await tyreById(db, idParam(req, 'There is no such tyre.'));
    if (!row) throw tyreNotFound();
    res.json(staffTyre(row, await settings(), (await sourcesOf(db, [row.id])).get(row.id)));
  };
}

/** PATCH /tyres/{id}: its stock (with the reason), own price or hidden changed. */
function changeCatalogueTyre({ db, settings, changed }: StaffTyresDependencies) {
  return async (req: Request, res: Response) => {
    const id = idParam(req, 'There is no such tyre.');
    const change = parseBody(tyreChangeSchema, req.body);
    const result = await changeTyre(db, id, change);
    if (!result) throw tyreNotFound();
    const { before, after } = result;
    changed();
    await recordStaffActivity(db, req, {
      kind: 'tyre-changed',
      target: `tyre ${after.brand} ${after.pattern} ${after.width}/${after.profile}R${after.rim}`,
      detail: {
        ...(change.stock !== undefined && { stock: `${before.stock} → ${after.stock}` }),
        ...(change.priceOverride !== undefined && { priceOverride: after.priceOverridePence }),
        ...(change.hidden !== undefined && { hidden: after.hidden }),
        ...(change.reason && { reason: change.reason }),
      },
    });
    res.json(staffTyre(after, await settings(), (await sourcesOf(db, [after.id])).get(after.id)));
  };
}
