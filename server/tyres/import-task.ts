import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ColumnMapping } from '#common/tyres/price-file.ts';
import type { Database } from '../db/client.ts';
import { tyreSuppliers } from '../db/schema.ts';
import type { TaskRunner } from '../tasks/runner.ts';
import type { TaskDefinition } from '../tasks/types.ts';
import { createTaskRequests, type TaskRequests } from '../tasks/requests.ts';
import { runImport, type ImportReport, type ImportSettings } from './import.ts';
import { createImport } from './import-records.ts';

/** A price file whose import is claimed (import-records.ts), waiting for the task to read it. */
type QueuedImport = {
  importId: number;
  /** Where the file is, on this machine: it is imported by this process. */
  file: string;
  settings: ImportSettings;
  /** In the run, after the import: what the one who asked for it does with its report. */
  afterwards?: (report: ImportReport) => Promise<void>;
  /** In the run, at the end: the file is no longer needed (an upload's folder goes). */
  remove?: () => void;
};

/** The imports waiting in this process, per database. */
const waitingImports = new WeakMap<Database, TaskRequests<QueuedImport, ImportReport>>();

function importsOf(db: Database): TaskRequests<QueuedImport, ImportReport> {
  let imports = waitingImports.get(db);
  if (!imports) {
    imports = createTaskRequests('tyre-import');
    waitingImports.set(db, imports);
  }
  return imports;
}

/** Hands an import to the task `tyre-import`, whose run reads it (after an upload). */
export function queueImport(db: Database, tasks: Pick<TaskRunner, 'runSoon'>, queued: QueuedImport): void {
  importsOf(db).send(tasks, queued);
}

/**
 * The background task `tyre-import`, run on request: the price files handed to it in this
 * process, one after another. One import runs at a time in any case (import-records.ts); the
 * task's record shows when the last one ran and whether it failed.
 */
export function tyreImportTask(db: Database): TaskDefinition {
  return {
    name: 'tyre-import',
    schedule: 'on request',
    run: async () => {
      const reports = await importsOf(db).answerAll((queued) => importQueued(db, queued));
      if (reports.length === 0) return undefined;
      return {
        imports: reports.map(({ status, rows, imported, rejected, withdrawn }) => ({
          status,
          rows,
          imported,
          rejected,
          withdrawn,
        })),
      };
    },
  };
}

async function importQueued(db: Database, { importId, file, settings, afterwards, remove }: QueuedImport) {
  try {
    const report = await runImport(db, importId, fs.createReadStream(file), settings);
    await afterwards?.(report);
    return report;
  } finally {
    remove?.();
  }
}

type FileImport = { file: string; supplierName: string | null; full: boolean };

/**
 * `npm run tyres:import`: the import of the file at `file` as `supplierName`'s (read by the
 * mapping kept for that supplier, if any; a supplier named for the first time is added, reading
 * our own column set), or as our own list when no supplier is named, claimed.
 */
async function claimFileImport(
  db: Database,
  { file, supplierName, full }: FileImport,
): Promise<QueuedImport> {
  let supplier: typeof tyreSuppliers.$inferSelect | undefined;
  if (supplierName) {
    await db.insert(tyreSuppliers).values({ name: supplierName }).onConflictDoNothing();
    [supplier] = await db.select().from(tyreSuppliers).where(eq(tyreSuppliers.name, supplierName));
  }
  const supplierId = supplier?.id ?? null;
  const mapping =
    supplier && Object.keys(supplier.mapping).length > 0 ? (supplier.mapping as ColumnMapping) : null;
  const importId = await createImport(db, {
    supplierId,
    fileName: path.basename(file),
    full,
    startedBy: 'npm run tyres:import',
  });
  return { importId, file, settings: { supplierId, mapping, full } };
}

/** `npm run tyres:import` with no server to ask: the command imports the file itself. */
export async function importFile(db: Database, request: FileImport): Promise<ImportReport & { id: number }> {
  const queued = await claimFileImport(db, request);
  return { id: queued.importId, ...(await importQueued(db, queued)) };
}

/** `npm run tyres:import` asking the server (control-socket.ts): its task imports the file. */
export async function importFileByTask(
  db: Database,
  tasks: Pick<TaskRunner, 'runSoon'>,
  request: FileImport,
): Promise<ImportReport & { id: number }> {
  const queued = await claimFileImport(db, request);
  return { id: queued.importId, ...(await importsOf(db).ask(tasks, queued)) };
}
