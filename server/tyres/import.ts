import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import {
  readPriceRow,
  type ColumnMapping,
  type MappableColumn,
  type PriceFileTyre,
} from '#common/tyres/price-file.ts';
import type { TyreImportReport } from '#common/tyres/staff.ts';
import { selectRows, type Database } from '../db/client.ts';
import { tyreImports, tyreSources, tyres } from '../db/schema.ts';
import { forgetCatalogue } from './offers.ts';
import { fileColumns, PriceFileError, priceFileRecords, type FileColumns } from './price-file-reader.ts';

/**
 * Importing a supplier's price file: streamed row by row (never held whole), each row read by
 * common/tyres/price-file.ts, the good ones stored a thousand at a time, matched to the
 * catalogue by EAN (or by brand, pattern, size, load index and speed rating), the refused ones
 * listed with their line and reason. Each row is the tyre's source for the file's supplier
 * (tyre_sources): a tyre several suppliers list is one tyre, its price and stock combined from
 * theirs. The import's row shows its progress as it goes. A full file removes the supplier's
 * sources it no longer lists, and withdraws the tyres left without one (and the demo
 * catalogue): they stay, since bookings name them, but are no longer offered.
 */

export type ImportSettings = {
  /** The supplier whose file it is (its tyres are those a full file withdraws); null for our own list. */
  supplierId: number | null;
  /** How the file's headers map onto our columns; null for a file in our own column set. */
  mapping: ColumnMapping | null;
  full: boolean;
};

/** What an import did, as GET /api/tyres/imports/{id} reports it. */
export type ImportReport = Pick<
  TyreImportReport,
  'status' | 'rows' | 'imported' | 'rejected' | 'withdrawn' | 'errors' | 'failure'
>;

/** Rows stored per statement. */
const batchSize = 1_000;
/** At most this many refused rows are listed (all are counted). */
const maxListedErrors = 10_000;

/**
 * A batch's rows as the statement reads them (jsonb_to_recordset): a column the file does not
 * give is null, so that the tyre keeps what it has; whether each label column was given is told
 * apart, since an empty label in a file that has the column clears it.
 */
function batchInput(batch: PriceFileTyre[], provided: ReadonlySet<MappableColumn>) {
  const given = (column: MappableColumn, value: unknown) =>
    provided.has(column) || (provided.has('size') && ['load_index', 'speed_rating'].includes(column))
      ? value
      : null;
  return batch.map((tyre, ord) => ({
    ord,
    ean: tyre.ean,
    brand: tyre.brand,
    pattern: tyre.pattern,
    width: tyre.width,
    profile: tyre.profile,
    rim: tyre.rim,
    load_index: tyre.loadIndex,
    load_index_dual: tyre.loadIndexDual,
    speed_rating: tyre.speedRating,
    season: tyre.season,
    run_flat: given('run_flat', tyre.runFlat),
    extra_load: given('extra_load', tyre.extraLoad),
    fuel: tyre.fuel,
    wet: tyre.wet,
    noise_db: tyre.noiseDb,
    noise_class: tyre.noiseClass,
    fuel_given: provided.has('fuel'),
    wet_given: provided.has('wet'),
    noise_given: provided.has('noise_db'),
    noise_class_given: provided.has('noise_class'),
    snow: given('snow', tyre.snow),
    ice: given('ice', tyre.ice),
    cost_pence: tyre.costPence,
    stock: given('stock', tyre.stock),
    supplier_stock: given('supplier_stock', tyre.supplierStock),
    lead_days: given('lead_days', tyre.leadDays),
    default_lead_days: tyre.leadDays,
    part_number: tyre.partNumber,
    part_number_given: provided.has('part_number'),
    match_key: tyre.matchKey,
  }));
}

/**
 * Stores a batch: each row updates the tyre it matches (by EAN where both have one, else by
 * the match key) or becomes a new tyre, and becomes (or updates) that tyre's source for this
 * file's supplier, with its cost, stock, lead time and part number. Columns the file does not
 * provide keep their values (a supplier's file says nothing of our own stock). Own stock never
 * drops below what bookings have reserved: those tyres are still on the shelf until fitted.
 * The tyre takes the row's cost, supplier stock and lead time as they are, unless another
 * supplier lists it too: answers those tyres, whose sources are then combined (most tyres have
 * one source, and combining each batch's thousand would double an import's time).
 */
async function storeBatch(
  db: Database,
  batch: PriceFileTyre[],
  provided: ReadonlySet<MappableColumn>,
  settings: ImportSettings,
  importId: number,
): Promise<number[]> {
  const input = batchInput(batch, provided);
  const stored = await selectRows<{ tyre_id: number }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as input (
        ord int, ean text, brand text, pattern text, width int, profile int, rim int, load_index int,
        load_index_dual int, speed_rating text, season text, run_flat boolean, extra_load boolean,
        fuel text, wet text, noise_db int, noise_class text, fuel_given boolean, wet_given boolean,
        noise_given boolean, noise_class_given boolean, snow boolean, ice boolean, cost_pence int,
        stock int, supplier_stock int, lead_days int, default_lead_days int, part_number text,
        part_number_given boolean, match_key text
      )
    ),
    matched as (
      select distinct on (input.ord) input.ord, ${tyres.id} as id
      from input join ${tyres} on ${tyres.ean} = input.ean
        or (${tyres.matchKey} = input.match_key and (input.ean is null or ${tyres.ean} is null))
      order by input.ord, (${tyres.ean} = input.ean) desc nulls last, ${tyres.id}
    ),
    updated as (
      update ${tyres} set
        ean = coalesce(input.ean, ${tyres.ean}), brand = input.brand, pattern = input.pattern,
        width = input.width, profile = input.profile, rim = input.rim,
        load_index = input.load_index, load_index_dual = input.load_index_dual,
        speed_rating = input.speed_rating, season = input.season,
        run_flat = coalesce(input.run_flat, ${tyres.runFlat}),
        extra_load = coalesce(input.extra_load, ${tyres.extraLoad}),
        fuel = case when input.fuel_given then input.fuel else ${tyres.fuel} end,
        wet = case when input.wet_given then input.wet else ${tyres.wet} end,
        noise_db = case when input.noise_given then input.noise_db else ${tyres.noiseDb} end,
        noise_class = case when input.noise_class_given then input.noise_class else ${tyres.noiseClass} end,
        snow = coalesce(input.snow, ${tyres.snow}), ice = coalesce(input.ice, ${tyres.ice}),
        cost_pence = input.cost_pence,
        stock = greatest(coalesce(input.stock, ${tyres.stock}), ${tyres.reserved}),
        supplier_stock = coalesce(input.supplier_stock, ${tyres.supplierStock}),
        lead_days = coalesce(input.lead_days, ${tyres.leadDays}),
        supplier_id = ${settings.supplierId}::int,
        available = true, demo = false,
        last_import_id = ${importId}, match_key = input.match_key, updated_at = now()
      from input join matched using (ord)
      where ${tyres.id} = matched.id
      returning ${tyres.id} as tyre_id, input.ord, exists (
        select from ${tyreSources} other where other.tyre_id = ${tyres.id}
          and other.supplier_id is distinct from ${settings.supplierId}::int
      ) as shared
    ),
    inserted as (
      insert into ${tyres} (ean, brand, pattern, width, profile, rim, load_index, load_index_dual,
        speed_rating, season, run_flat, extra_load, fuel, wet, noise_db, noise_class, snow, ice,
        cost_pence, stock, supplier_stock, lead_days, supplier_id, last_import_id, match_key)
      select ean, brand, pattern, width, profile, rim, load_index, load_index_dual, speed_rating,
        season, coalesce(run_flat, false), coalesce(extra_load, false), fuel, wet,
        noise_db, noise_class, coalesce(snow, false), coalesce(ice, false), cost_pence,
        coalesce(stock, 0), coalesce(supplier_stock, 0), coalesce(lead_days, default_lead_days),
        ${settings.supplierId}::int, ${importId}::int, match_key
      from input where ord not in (select ord from matched)
      order by ord
      returning ${tyres.id} as tyre_id, ${tyres.ean} as ean, ${tyres.matchKey} as match_key
    ),
    stored as (
      select tyre_id, ord from updated
      union all
      select inserted.tyre_id, input.ord from inserted
        join input on input.match_key = inserted.match_key and input.ean is not distinct from inserted.ean
    ),
    sourced as (
      insert into ${tyreSources} as source (tyre_id, supplier_id, part_number, cost_pence, stock, lead_days,
        last_import_id)
      select stored.tyre_id, ${settings.supplierId}::int, input.part_number, input.cost_pence,
        coalesce(input.supplier_stock, 0), coalesce(input.lead_days, input.default_lead_days), ${importId}::int
      from stored join input using (ord)
      on conflict on constraint tyre_sources_tyre_supplier_key do update set
        part_number = ${provided.has('part_number') ? sql`excluded.part_number` : sql`source.part_number`},
        cost_pence = excluded.cost_pence,
        stock = ${provided.has('supplier_stock') ? sql`excluded.stock` : sql`source.stock`},
        lead_days = ${provided.has('lead_days') ? sql`excluded.lead_days` : sql`source.lead_days`},
        last_import_id = excluded.last_import_id, updated_at = now()
      returning 1
    )
    select tyre_id from updated where shared`,
  );
  return stored.map((row) => row.tyre_id);
}

/**
 * A tyre's own cost, supplier stock, lead time and supplier, from its sources: the stock of all
 * summed; the cost and supplier of the cheapest with stock (else of the cheapest); the lead time
 * the longest of those with stock, by when all the stock summed can be here (else the
 * cheapest's). Tyres without a source keep theirs.
 */
async function combineSources(db: Database, tyreIds: readonly number[]) {
  if (tyreIds.length === 0) return;
  await db.execute(sql`
    with combined as (
      select distinct on (${tyreSources.tyreId}) ${tyreSources.tyreId} as tyre_id,
        ${tyreSources.costPence} as cost_pence, ${tyreSources.supplierId} as supplier_id,
        ${tyreSources.leadDays} as cheapest_lead_days,
        sum(${tyreSources.stock}) over per_tyre as stock,
        max(${tyreSources.leadDays}) filter (where ${tyreSources.stock} > 0) over per_tyre as stocked_lead_days
      from ${tyreSources}
      where ${tyreSources.tyreId} = any(${`{${tyreIds.join(',')}}`}::int[])
      window per_tyre as (partition by ${tyreSources.tyreId})
      order by ${tyreSources.tyreId}, (${tyreSources.stock} > 0) desc, ${tyreSources.costPence},
        ${tyreSources.leadDays}, ${tyreSources.id}
    )
    update ${tyres} set cost_pence = combined.cost_pence, supplier_id = combined.supplier_id,
      supplier_stock = combined.stock,
      lead_days = coalesce(combined.stocked_lead_days, combined.cheapest_lead_days)
    from combined where ${tyres.id} = combined.tyre_id`);
}

/** Writes the import's counts (and, at the end, its refused rows and outcome). */
async function saveProgress(db: Database, importId: number, report: ImportReport, final: boolean) {
  await db
    .update(tyreImports)
    .set({
      rows: report.rows,
      imported: report.imported,
      rejected: report.rejected,
      withdrawn: report.withdrawn,
      ...(final
        ? { status: report.status, errors: report.errors, failure: report.failure, finishedAt: new Date() }
        : {}),
    })
    .where(eq(tyreImports.id, importId));
}

/**
 * Runs import `importId` over `input` to its end, keeping its record up to date; answers what it
 * did. Never throws for a bad file: the import fails with the reason instead.
 */
export async function runImport(
  db: Database,
  importId: number,
  input: Readable,
  settings: ImportSettings,
): Promise<ImportReport> {
  const report: ImportReport = {
    status: 'running',
    rows: 0,
    imported: 0,
    rejected: 0,
    withdrawn: 0,
    errors: [],
    failure: null,
  };
  const refuse = (line: number, reason: string) => {
    report.rejected += 1;
    if (report.errors.length < maxListedErrors) report.errors.push({ line, reason });
  };
  try {
    let columns: FileColumns | null = null;
    let provided = new Set<MappableColumn>();
    const seen = new Map<string, number>();
    let batch: PriceFileTyre[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await combineSources(db, await storeBatch(db, batch, provided, settings, importId));
      report.imported += batch.length;
      batch = [];
      await saveProgress(db, importId, report, false);
    };
    for await (const { record, info } of priceFileRecords(input)) {
      if (!columns) {
        columns = fileColumns(record, settings.mapping);
        provided = new Set([...columns.indexes.keys(), ...columns.fixed.keys()]);
        continue;
      }
      report.rows += 1;
      const values: Partial<Record<MappableColumn, string>> = Object.fromEntries(columns.fixed);
      for (const [column, index] of columns.indexes) values[column] = record[index] ?? '';
      const read = readPriceRow(values);
      if (!read.ok) {
        refuse(info.lines, read.reason);
        continue;
      }
      const key = read.tyre.ean ?? read.tyre.matchKey;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        refuse(info.lines, `the same tyre as line ${earlier}`);
        continue;
      }
      seen.set(key, info.lines);
      batch.push(read.tyre);
      if (batch.length >= batchSize) await flush();
    }
    if (!columns) throw new PriceFileError('The file is empty.');
    await flush();
    if (settings.full) report.withdrawn = await withdrawMissing(db, importId, settings.supplierId);
    report.status = 'done';
  } catch (error) {
    report.status = 'failed';
    report.failure =
      error instanceof PriceFileError
        ? error.message
        : `The file could not be read: ${(error as Error).message}`;
  }
  await saveProgress(db, importId, report, true);
  forgetCatalogue(db, { imported: true });
  return report;
}

/**
 * After a full file: the supplier's sources it did not list go. A tyre left without a source is
 * no longer offered, and neither is the demo catalogue, nor a tyre of that supplier from before
 * tyres had sources; a tyre another supplier still lists stays, its sources combined again.
 * Answers how many tyres were withdrawn.
 */
async function withdrawMissing(db: Database, importId: number, supplierId: number | null): Promise<number> {
  const gone = await db
    .delete(tyreSources)
    .where(
      sql`${tyreSources.supplierId} is not distinct from ${supplierId}::int
        and ${tyreSources.lastImportId} is distinct from ${importId}::int`,
    )
    .returning({ tyreId: tyreSources.tyreId });
  const touched = [...new Set(gone.map((row) => row.tyreId))];
  await combineSources(db, touched);
  const withdrawn = await db
    .update(tyres)
    .set({ available: false, updatedAt: new Date() })
    .where(
      sql`${tyres.available} and ${tyres.lastImportId} is distinct from ${importId}::int
        and not exists (select from ${tyreSources} where ${tyreSources.tyreId} = ${tyres.id})
        and (${tyres.demo} or ${tyres.supplierId} is not distinct from ${supplierId}::int
          or ${tyres.id} = any(${`{${touched.join(',')}}`}::int[]))`,
    )
    .returning({ id: tyres.id });
  return withdrawn.length;
}
