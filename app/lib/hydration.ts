import { useSyncExternalStore } from 'react';

let hydrated = false;

/** Called once the app has hydrated (root component effect). */
export function markHydrated() {
  hydrated = true;
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
