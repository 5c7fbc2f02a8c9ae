// How the browser's scripts are split into files (vite.config.ts): few files for the public
// pages. Left to itself, Rollup makes a file of every group of modules that a different set of
// pages shares, which for `/` came to 27 scripts, each carrying about 1 kB of response headers
// and compressing on its own. See docs/decisions/018-public-page-scripts.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;
const app = fileURLToPath(new URL('../app', import.meta.url));
/** React Router's id for a route module in the browser build. */
const clientRoute = (file: string) => `${path.join(app, file)}?__react-router-build-client-route`;

/** What every public page loads: the client entry, the root route and the site's layout. */
const everyPage = [
  path.join(app, 'entry.client.tsx'),
  clientRoute('root.tsx'),
  clientRoute('routes/site-layout.tsx'),
];
/** The public pages' own route modules (app/routes.ts, under the site layout). */
const publicRoutes = [
  'home',
  'service',
  'info-page',
  'legal-page',
  'cookie-settings',
  'enquiry',
  'book',
  'booking-manage',
  'not-found',
].map((name) => clientRoute(`routes/${name}.tsx`));

/**
 * Route modules outside `publicRoutes` whose shared modules go in one file of their own, named
 * after the family: a tyre size's page and a tyre's page (the sizes, the money, the structured
 * data), which Rollup would split into a file per module, each with its response headers.
 */
const routeFamilies = { 'tyre-pages': ['tyres', 'tyre'].map((name) => clientRoute(`routes/${name}.tsx`)) };

type ModuleInfo = ReturnType<ManualChunkMeta['getModuleInfo']>;

/** Modules statically imported from `starts`, themselves included, not entering `stop`. */
function reachable(
  starts: readonly string[],
  info: (id: string) => ModuleInfo,
  stop: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id) || (stop.has(id) && !starts.includes(id))) continue;
    seen.add(id);
    pending.push(...(info(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The chunk of each module, worked out once the module graph is complete:
 *
 * - `site`: everything that every public page loads (React, React Router, the root route and
 *   the layout with what they import) and every module that two or more public pages import.
 *   One file, so one request and one compression window.
 * - each route module keeps its own file (React Router loads it by name) with the modules only
 *   it imports, as Rollup does anyway;
 * - code the public pages load on demand (the cookie banner, the enquiry form, the toasts):
 *   each dynamic import in one file with the modules only it needs, instead of one file per
 *   group of importers; what two of them share, in a file of its own. A route's own dynamic
 *   imports (the booking's later steps) are Rollup's.
 *
 * React DOM's client is not in `site`: the entry imports it dynamically, so that the browser
 * evaluates it in a task of its own (docs/decisions/009-hydration-blocking-time.md). Modules of
 * the staff pages alone are left to Rollup.
 */
function plan(info: (id: string) => ModuleInfo): Map<string, string> {
  const routes = new Set([...everyPage, ...publicRoutes]);
  const site = reachable(everyPage, info);
  const importers = new Map<string, number>();
  const publicReach = new Set<string>();
  for (const route of publicRoutes) {
    for (const id of reachable([route], info, routes)) {
      importers.set(id, (importers.get(id) ?? 0) + 1);
      publicReach.add(id);
    }
  }
  const onlyRoute = new Map<string, string>();
  for (const route of publicRoutes) {
    for (const id of reachable([route], info, routes)) if (importers.get(id) === 1) onlyRoute.set(id, route);
  }
  for (const [id, count] of importers) if (count > 1) site.add(id);
  for (const id of routes) site.delete(id);

  const chunks = new Map<string, string>([...site].map((id) => [id, 'site']));
  const settled = new Set([...routes, ...site, ...publicReach]);
  const chunkName = (id: string) => path.basename(id).replace(/\.[^.]+$/, '');
  // What one public page shares with the staff pages (the booking's week and error summary, which
  // My jobs uses too): one file for that page, rather than a file per module, each with its own
  // response headers.
  for (const [id, route] of onlyRoute) {
    if (site.has(id) || id.includes('/node_modules/')) continue;
    const sharedWithStaff = (info(id)?.importers ?? []).some((importer) => !publicReach.has(importer));
    if (sharedWithStaff) chunks.set(id, `${chunkName(route)}-shared`);
  }
  // Who needs each module loaded on demand: the dynamic imports that reach it and, for a module
  // that two of them share, the public routes that import it themselves. (A route that shares
  // a module with one of them alone, such as the cookie settings with the banner, loads that
  // file: it is small, and its own.)
  const users = new Map<string, Set<string>>();
  const use = (id: string, user: string) => users.set(id, (users.get(id) ?? new Set()).add(user));
  const fromSite = new Set<string>();
  for (const id of [...site, ...publicReach]) {
    for (const target of info(id)?.dynamicallyImportedIds ?? []) {
      if (settled.has(target) || target.includes('/node_modules/')) continue;
      if (site.has(id)) fromSite.add(target);
      for (const member of reachable([target], info, new Set([...routes, ...site]))) use(member, target);
    }
  }
  for (const route of publicRoutes) {
    for (const id of reachable([route], info, routes))
      if ((users.get(id)?.size ?? 0) > 1 && !site.has(id)) use(id, route);
  }
  for (const [id, needed] of users) {
    if (site.has(id) || routes.has(id) || ![...needed].some((user) => fromSite.has(user))) continue;
    // Rollup adds a named chunk's unnamed imports to it, so every module a file loaded on demand
    // from every page imports is named: with what only it needs, or in a file of what it shares
    // (the forms' validation, the form field) so that one does not load the other. A route's own
    // parts loaded later (the booking's steps) are left to Rollup, which keeps what the route has
    // loaded already in the route's file.
    chunks.set(id, [...needed].map(chunkName).sort().join('-'));
  }
  for (const [family, members] of Object.entries(routeFamilies)) {
    const reached = new Map<string, number>();
    for (const route of members) {
      for (const id of reachable([route], info, new Set([...routes, ...site, ...members]))) {
        reached.set(id, (reached.get(id) ?? 0) + 1);
      }
    }
    for (const [id, count] of reached) {
      if (count > 1 && !chunks.has(id) && !id.includes('/node_modules/')) chunks.set(id, family);
    }
  }
  return chunks;
}

/** Rollup's `output.manualChunks` for the browser build. */
export function publicPageChunks() {
  let chunks: Map<string, string> | undefined;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    chunks ??= plan((moduleId) => meta.getModuleInfo(moduleId));
    return chunks.get(id);
  };
}
