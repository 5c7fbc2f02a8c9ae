import { useRouteLoaderData } from 'react-router';
import type { ServerContext } from '#common/pages/load-context.ts';

/**
 * What the root route's loader (root.tsx) gives every page. Named here rather than read as
 * `typeof loader` of root.tsx: the features root.tsx renders read it, and would import it back.
 */
export type RootData = Pick<ServerContext, 'site' | 'publicUrl' | 'showSplash' | 'gaMeasurementId'>;

/** The root route's data; undefined where no root route has loaded (a component test's tree). */
export const useRootData = () => useRouteLoaderData<RootData>('root');
