// Entry of the built server (build/runtime/server.js). Packages such as React choose between
// their development and production builds from NODE_ENV when they are first loaded, so it is
// fixed here, before the server and its packages are imported: the built server always runs
// production builds, whatever the environment says. `npm run dev` runs server/index.ts instead.
process.env.NODE_ENV = 'production';

await import('./index.ts');
