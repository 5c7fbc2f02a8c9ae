import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Every page carries the whole route manifest (20-odd routes, under 2 kB compressed) instead of
  // discovering routes as links appear: no /__manifest request and no watching of the document
  // for new links while a page hydrates (docs/decisions/009-hydration-blocking-time.md).
  routeDiscovery: { mode: 'initial' },
  // React Router 7's own behaviour, named: a flag left unset is a warning at every build. Each is
  // taken up on its own, with React Router 8 (middleware, split route modules, Vite's environment
  // API, requests passed through unchanged, data requests' URLs keeping the trailing slash).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
