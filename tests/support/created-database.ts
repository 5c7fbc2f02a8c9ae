import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsDir, projectRoot } from '#server/paths.ts';

/** The version of the embedded database (PGlite) installed. */
export function pgliteVersion(): string {
  return JSON.parse(
    fs.readFileSync(
      path.join(projectRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ).version as string;
}

/** A short hash of the committed migrations (and of `extra`), naming what is made from them. */
export function migrationsVersion(extra = ''): string {
  const hash = crypto.createHash('sha256').update(extra);
  for (const file of fs.readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The files of a newly created embedded database (initdb), made once per PGlite version in the
 * system's temporary folder, in a process of its own (PGlite's WebAssembly memory stays with the
 * process that used it).
 */
function createdDatabaseTemplate(): string {
  return madeOnce(path.join(os.tmpdir(), `created-database-pglite-${pgliteVersion()}`), (partial) =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite';
       const database = new PGlite(process.argv[1]);
       await database.waitReady;
       await database.close();`,
        partial,
      ],
      { cwd: projectRoot, stdio: 'inherit' },
    ),
  );
}

/**
 * The directory `target`, made by `make` unless it exists. Made beside it and moved into place
 * whole, as test files (or two runs) start at once: when another process moved its own first,
 * that one is kept.
 */
export function madeOnce(target: string, make: (partial: string) => void): string {
  if (fs.existsSync(target)) return target;
  const partial = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  try {
    make(partial);
    fs.renameSync(partial, target);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (!fs.existsSync(target)) throw error;
  }
  return target;
}

/**
 * `dataDir` holding a database as a first start leaves it, before migrations (in `pgdata`, where
 * the server and `openDatabase` keep it): opening it skips creating one (initdb, about 3 s).
 */
export function withCreatedDatabase(dataDir: string): string {
  fs.cpSync(createdDatabaseTemplate(), path.join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}
