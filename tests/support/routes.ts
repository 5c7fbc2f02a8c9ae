import type express from 'express';

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  rawPath?: string;
  handle: { stack?: Layer[] };
};

function routesOf(stack: Layer[], prefix: string): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = `${prefix}${layer.route.path}`;
      return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${path}`);
    }
    if (layer.handle.stack) {
      const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
      return routesOf(layer.handle.stack, `${prefix}${mount}`);
    }
    return [];
  });
}

/** Method and full path of each route registered on the app (`GET /api/tyres/:id`), nested routers included. */
export function registeredRoutes(app: express.Express): string[] {
  return routesOf((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
}

/** A route's path with each parameter given a value (`1` unless told) and a wildcard `anything`. */
export const pathOf = (path: string, value = '1') =>
  path.replace(/:\w+/g, value).replace(/\{?\*\w+\}?/g, 'anything');
