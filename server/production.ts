// Entry of the built server (build/runtime/server.js). Packages such as React choose between
// their development and production builds from NODE_ENV when they are first loaded, so it is
// fixed here, before the server and its packages are imported: the built server always runs
// production builds, whatever the environment says. `npm run dev` runs server/index.ts instead.
import v8 from 'node:v8';

process.env.NODE_ENV = 'production';

// V8 lets the old generation grow to up to four times what survived its last full collection
// before collecting again; under load the server's (about 25 MB live) grew to about 100 MB, most
// of it garbage. One and a half times keeps it near 40 MB, for collections that take a few
// milliseconds each. The flag is read at each collection, so setting it here takes effect
// (docs/decisions/006-embedded-database-memory.md).
v8.setFlagsFromString('--heap-growing-percent=50');

await import('./index.ts');
