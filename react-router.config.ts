import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Every page carries the whole route manifest (20-odd routes, under 2 kB compressed) instead of
  // discovering routes as links appear: no /__manifest request and no watching of the document
  // for new links while a page hydrates (docs/decisions/009-hydration-blocking-time.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
