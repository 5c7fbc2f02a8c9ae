// `npm run tyres:import -- <file> [--supplier NAME] [--partial]`: imports a tyre price file into
// the configured database, as the Tyres tab's upload does. Without --supplier the file is in our
// own column set (docs/features.md, Tyres); with it, the file is read by the mapping kept for that
// supplier in the dashboard. A full file (the default) withdraws the supplier's tyres it does not
// list; --partial withdraws nothing. It works with the server running: on the embedded database
// the server does it (the database's files are its alone), on PostgreSQL this process does.
// `npm run tyres:import -- --template > prices.csv` writes a file of our own columns to fill in.
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  backupSocketPath,
  NoServerListeningError,
  requestTyreImport,
} from '#server/backups/control-socket.ts';
import { ConfigError, loadConfig, type Config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';
import type { ImportReport } from '#server/tyres/import.ts';
import { importFile } from '#server/tyres/import-task.ts';
import { importTemplateCsv } from '#server/tyres/import-template.ts';

type Request = { file: string; supplier: string | null; full: boolean };

async function importHere(config: Config, request: Request) {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolMax: 1 } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    return await importFile(database.db, {
      file: request.file,
      supplierName: request.supplier,
      full: request.full,
    });
  } finally {
    await database.close();
  }
}

async function run(config: Config, request: Request): Promise<ImportReport> {
  if (config.databaseUrl) return importHere(config, request);
  try {
    return (await requestTyreImport(backupSocketPath(config.dataDir), request)) as ImportReport;
  } catch (error) {
    if (!(error instanceof NoServerListeningError)) throw error;
  }
  return importHere(config, request);
}

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      supplier: { type: 'string' },
      partial: { type: 'boolean', default: false },
      template: { type: 'boolean', default: false },
    },
  });
  if (values.template) {
    // The Tyres tab's "Download template": our own columns and two example rows, to fill in.
    process.stdout.write(importTemplateCsv());
  } else if (positionals.length !== 1) {
    throw new Error(
      'Give the file: npm run tyres:import -- <file> [--supplier NAME] [--partial], or --template for a file to fill in',
    );
  } else {
    const config = loadConfig();
    const started = performance.now();
    const report = await run(config, {
      file: path.resolve(positionals[0]!),
      supplier: values.supplier?.trim() || null,
      full: !values.partial,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (report.status === 'failed') {
      console.error(`Nothing imported: ${report.failure}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Imported ${report.imported} of ${report.rows} rows in ${seconds} s; ${report.rejected} refused` +
          (report.withdrawn > 0 ? `; ${report.withdrawn} tyres no longer listed were withdrawn.` : '.'),
      );
      for (const { line, reason } of report.errors.slice(0, 50)) console.log(`  line ${line}: ${reason}`);
      if (report.errors.length > 50)
        console.log(`  … and ${report.rejected - 50} more (the Tyres tab lists them all).`);
    }
  }
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof DataDirLockedError) console.error(`Nothing imported: ${error.message}`);
  else console.error(`Nothing imported: ${(error as Error).message}`);
  process.exitCode = 1;
}
