/**
 * Import circles, refused by `npm run lint` (`npm run lint:imports`, after eslint). Tried by
 * scripts/import-circles.test.ts on the small projects of scripts/import-circles-fixtures/.
 */
module.exports = {
  forbidden: [
    {
      // In a circle of modules, what runs first depends on which module something loads first: a
      // value read while its module is still loading is not there yet. Type-only imports count
      // too: a circle of types is the same tangle of two modules that cannot be read apart, one
      // value away from a circle that runs.
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      // A server domain uses another through its service; two domains that use each other are one
      // domain in two folders: neither can be changed or tested without the other. With scope
      // "folder" the paths are those of folders (`server/jobs`), and the whole circle must run
      // through domain folders, not through server/ itself (whose app.ts imports every domain).
      name: 'no-circular-domains',
      scope: 'folder',
      severity: 'error',
      from: { path: '^server/[^/]+' },
      to: { path: '^server/[^/]+', circular: true, viaOnly: { path: '^server/[^/]+' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Test files: no module imports one, so none can be part of a module circle, and a test may set
    // up what it needs through another domain without making the two domains one. The fixtures
    // hold circles on purpose: the test cruises each from its own folder.
    exclude: {
      path: '(^(build|\\.react-router|node_modules|scripts/import-circles-fixtures)/)|\\.test\\.tsx?$',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
};
