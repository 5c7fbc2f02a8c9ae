// `npm run db:backup -- <file>`: writes a backup of the embedded database (DATA_DIR) to <file>,
// a gzipped tar that `npm run db:restore` reads. A running server takes it without stopping;
// with none running, this process opens the data directory itself. PostgreSQL (DATABASE_URL):
// use pg_dump instead (docs/operations.md, Backups).
import path from 'node:path';
import { BackupRefusedError, backUpDataDir } from '#server/backups/on-demand.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupRefusedError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md, Backups).',
    );
  }
  const target = process.argv[2];
  if (!target) throw new BackupRefusedError('Give the file to write: npm run db:backup -- <file>');
  const file = path.resolve(target);
  const backup = await backUpDataDir(config.dataDir, file);
  const by = backup.takenBy === 'server' ? 'by the running server' : 'with no server running';
  console.log(
    `Backup of ${config.dataDir} written to ${file} (${backup.bytes} bytes, ${backup.ms} ms, ${by}).`,
  );
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof BackupRefusedError || error instanceof DataDirLockedError) {
    console.error(`Backup not made: ${error.message}`);
  } else console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
