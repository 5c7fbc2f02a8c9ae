import type { ServerContext } from '#common/pages/load-context.ts';

/**
 * What the root route's loader (root.tsx) gives every page, read with
 * `useRouteLoaderData<RootData>('root')`. Named here rather than read as `typeof loader` of
 * root.tsx: the features root.tsx renders read it, and would import root.tsx back.
 */
export type RootData = Pick<ServerContext, 'site' | 'publicUrl' | 'showSplash' | 'gaMeasurementId'>;
