import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { tyreImports } from '../db/schema.ts';

/**
 * The imports' records (tyre_imports): the one import running at a time, claimed before its file
 * is received, and what each did, which the Tyres tab polls. The import itself is import.ts.
 */

/** Why a second import may not start while one runs. */
const importRunningMessage = 'An import is already running: wait for it to finish.';

/** Another import is running: this one did not start. */
export class ImportRunningError extends Error {
  constructor() {
    super(importRunningMessage);
  }
}

/** An import still running after this long stopped with its server. */
const staleImportMs = 10 * 60_000;

/**
 * Marks failed the imports left running by a server that stopped: those started more than ten
 * minutes ago, or, with `all` (at the start of the only process the embedded database has), every
 * one. Answers how many.
 */
export async function failStaleImports(db: Database, { now = new Date(), all = false } = {}) {
  const stopped = await db
    .update(tyreImports)
    .set({ status: 'failed', failure: 'The server stopped before the import finished.', finishedAt: now })
    .where(
      and(
        eq(tyreImports.status, 'running'),
        all ? undefined : lt(tyreImports.startedAt, new Date(now.getTime() - staleImportMs)),
      ),
    )
    .returning({ id: tyreImports.id });
  return stopped.length;
}

/**
 * Starts an import's record, as the one import running; answers its id. The database holds at
 * most one running import (a unique index), so of two started at once exactly one starts and the
 * other gets ImportRunningError; one left running by a stopped server gives way after ten minutes.
 */
export async function createImport(
  db: Database,
  {
    supplierId,
    fileName,
    full,
    startedBy,
    now = new Date(),
  }: { supplierId: number | null; fileName: string; full: boolean; startedBy: string | null; now?: Date },
): Promise<number> {
  await failStaleImports(db, { now });
  try {
    const [row] = await db
      .insert(tyreImports)
      .values({ supplierId, fileName, full, startedBy, startedAt: now })
      .returning({ id: tyreImports.id });
    return row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ImportRunningError();
    throw error;
  }
}

/** An import claimed but never run (its upload failed): it goes, leaving the way free. */
export async function dropImport(db: Database, importId: number) {
  await db.delete(tyreImports).where(and(eq(tyreImports.id, importId), eq(tyreImports.status, 'running')));
}

/** An import's record as GET /api/tyres/imports/{id} answers it. */
export async function importReport(db: Database, importId: number) {
  const [row] = await db.select().from(tyreImports).where(eq(tyreImports.id, importId));
  return row;
}
