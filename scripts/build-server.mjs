// Bundles the Express server into build/runtime/: `server.js` (server/production.ts, which fixes
// NODE_ENV before anything else loads, then imports the server from a chunk of its own) and the
// embedded database's worker thread, `pglite-worker.js`.
// Packages stay external: they are loaded from node_modules at run time.
import fs from 'node:fs';
import { build } from 'esbuild';

const outdir = 'build/runtime';
// Chunk names carry a hash: remove the previous build's.
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: { server: 'server/production.ts', 'pglite-worker': 'server/db/pglite-worker.ts' },
  outdir,
  bundle: true,
  // The server's own modules go into a chunk that server.js imports only after setting NODE_ENV
  // (a single file would hoist the packages' imports above that line).
  splitting: true,
  // Beside server.js, so that the chunk finds pglite-worker.js next to it.
  chunkNames: 'app-[hash]',
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
