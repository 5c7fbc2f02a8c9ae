// How the built server is launched, by `npm start` (scripts/start.mjs) and by the tests and the
// bench that start it as npm start does. Both settings are read only when a process starts, so
// the server cannot give them to itself (docs/decisions/017-memory-under-mixed-load.md).

/**
 * V8's young generation: semi-spaces of 4 MB instead of 16. Under load the server's objects are
 * mostly short-lived (a request and its answer); the larger spaces held about 25 MB more resident
 * for no measurable speed.
 */
export const serverNodeArgs = ['--max-semi-space-size=4'];

/**
 * glibc keeps a malloc arena per thread that allocates (HTTP compression on libuv's threads,
 * V8's compiler and collector threads, the database's thread), up to eight per core, and memory
 * freed in one is not given back while a neighbour is in use: two arenas held about 35 MB less
 * after a minute of mixed load. A value in the environment wins.
 */
export function serverEnvironment(env) {
  return { MALLOC_ARENA_MAX: '2', ...env };
}
