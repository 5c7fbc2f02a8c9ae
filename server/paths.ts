import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder, found from this module's own location so that the server works
 * whether it runs from source (server/) or from the bundle (build/runtime/), whatever the cwd.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above the server).');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, 'drizzle');
export const clientBuildDir = path.join(projectRoot, 'build', 'client');
export const serverBuildFile = path.join(projectRoot, 'build', 'server', 'index.js');
