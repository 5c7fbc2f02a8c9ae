// `npm run db:restore -- <file>`: restores a backup (npm run db:backup, or a nightly one from
// BACKUP_DIR) into DATA_DIR, which must be missing or empty, and checks that the database opens.
// PostgreSQL (DATABASE_URL): use pg_restore instead (docs/operations.md, Backups).
import path from 'node:path';
import { restoreDataDir, RestoreRefusedError } from '#server/backups/restore.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';

try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new RestoreRefusedError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md, Backups).',
    );
  }
  const source = process.argv[2];
  if (!source) throw new RestoreRefusedError('Give the backup to restore: npm run db:restore -- <file>');
  const file = path.resolve(source);
  const restored = await restoreDataDir(config.dataDir, file);
  console.log(
    `Restored ${file} into ${config.dataDir} (${restored.tables} tables, ${restored.ms} ms); the database opens. ` +
      'Start the server to use it.',
  );
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof RestoreRefusedError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
