// Bundles the Express server (server/index.ts and what it imports) into build/runtime/server.js,
// and the embedded database's worker thread into build/runtime/pglite-worker.js.
// Packages stay external: they are loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  // The embedded database runs in a worker thread of its own, loaded from its own file.
  entryPoints: { server: 'server/index.ts', 'pglite-worker': 'server/db/pglite-worker.ts' },
  outdir: 'build/runtime',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
