/** Where the service worker of My jobs is served (public/jobs-sw.js) and what it answers for. */
const worker = { url: '/jobs-sw.js', scope: '/admin/jobs' } as const;

/** The page's own files under /assets/ the browser has loaded so far, by path. */
export function loadedAssets(entries: readonly { name: string }[], origin: string): string[] {
  const paths = entries
    .map((entry) => new URL(entry.name, origin))
    .filter((url) => url.origin === origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  return [...new Set(paths)];
}

/**
 * Registers the service worker that keeps My jobs on the phone, then hands it every file the page
 * has loaded: those it loaded on its own (React's client, which the entry imports when it runs)
 * went before the worker was there, and the page could not start again without signal without
 * them. Without a service worker (some private modes) the page still works while it stays open.
 */
export function keepJobsPageOnPhone() {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  workers
    .register(worker.url, { scope: worker.scope })
    .then(() => workers.ready)
    .then((registration) => {
      const files = loadedAssets(performance.getEntriesByType('resource'), location.origin);
      registration.active?.postMessage({ keep: files });
    })
    .catch(() => undefined);
}
