import { useSyncExternalStore } from 'react';

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

const noSubscription = () => () => {};

/** False in the server's HTML and during hydration, true once this component is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
