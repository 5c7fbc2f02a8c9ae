import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../paths.ts';
import { pgliteStartParams } from './pglite-settings.ts';

// Run by the child process (`node --input-type=module --eval`, from the project's folder so that
// the package resolves); its arguments come as JSON in process.argv[1].
const createDatabaseScript = `
import { PGlite } from '@electric-sql/pglite';
const { dataDir, startParams } = JSON.parse(process.argv[1]);
const database = new PGlite(dataDir, { startParams });
await database.waitReady;
await database.close();
`;

/**
 * Creates the embedded database's files (initdb) in `dataDir` when it holds none yet, in a
 * process of its own. PGlite runs initdb with two more PostgreSQL instances beside the one it
 * opens, about 600 MB at their peak, and a process does not get that memory back: WebAssembly
 * memory never shrinks, and what the C library took for the work is kept by it even after the
 * thread that used it ends (140 to 200 MB more when initdb ran in a worker thread that was then
 * terminated). A child process gives all of it back when it exits; the server then opens the
 * database as on any restart (docs/decisions/006-embedded-database-memory.md).
 */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      createDatabaseScript,
      JSON.stringify({ dataDir: path.resolve(dataDir), startParams: pgliteStartParams }),
    ],
    { cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new Error(`Could not create the database in ${dataDir}: ${stderr.trim() || `exit code ${code}`}`);
  }
}
