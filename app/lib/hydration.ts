import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

let hydrated = false;

/**
 * Called once the app has hydrated (root component effect). The attribute on <html> tells
 * anything outside React (browser journeys, for one) that the page is now interactive.
 */
export function markHydrated() {
  hydrated = true;
  document.documentElement.dataset.hydrated = 'true';
}

/**
 * False while the server renders and while the browser hydrates that same HTML; true for anything
 * rendered later (client-side navigations). Lets a page show a loading state only when the
 * content is not already on screen.
 */
export function useRenderedAfterHydration(): boolean {
  return useSyncExternalStore(
    () => () => {},
    () => hydrated,
    () => false,
  );
}

/**
 * False in the server's HTML and during hydration, true once this component is interactive.
 *
 * A component hydrated with the page turns true in a transition: React renders that in a task of
 * its own. (A store read with useSyncExternalStore whose value differs from the server's would be
 * re-rendered synchronously instead, in the one task that runs the effects of the whole hydrated
 * page: see docs/decisions/009-hydration-blocking-time.md.) A component rendered after hydration
 * is true at once.
 */
export function useHydrated(): boolean {
  const renderedAfterHydration = useRenderedAfterHydration();
  const [hydratedHere, setHydratedHere] = useState(false);
  useEffect(() => {
    if (!renderedAfterHydration) startTransition(() => setHydratedHere(true));
  }, [renderedAfterHydration]);
  return renderedAfterHydration || hydratedHere;
}
