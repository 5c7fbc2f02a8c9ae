// The service worker of My jobs (/admin/jobs): keeps the page and its scripts on the phone so that
// it opens without signal. The day's jobs and the actions waiting to be sent are the page's own
// business (IndexedDB); the API is never answered from here.
// v2: the page kept by v1 named the fitter signed in; it goes when this version activates.
const cacheName = 'my-jobs-v2';
const pagePath = '/admin/jobs';

/** The page and every file it names from /assets/ (its scripts, styles and fonts). */
async function keepPage(cache) {
  const response = await fetch(pagePath, { credentials: 'same-origin', cache: 'no-store' });
  // Signed out: the answer is a redirect to sign in, nothing worth keeping.
  if (!response.ok || response.redirected) return;
  const html = await response.clone().text();
  await cache.put(pagePath, response);
  const files = new Set(html.match(/\/assets\/[^"'\s)]+/g) ?? []);
  await keepFiles(cache, [...files]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then(keepPage)
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== cacheName).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Files under /assets/ not yet kept, each fetched once. */
function keepFiles(cache, files) {
  return Promise.all(
    files.map((file) => cache.match(file).then((kept) => kept || cache.add(file).catch(() => undefined))),
  );
}

// The page names the files it loaded before this worker was there (React's client, which the
// entry imports when it runs, is in no page's HTML): kept too, or the page could not start again
// without signal.
self.addEventListener('message', (event) => {
  const files = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  const assets = files.filter((file) => typeof file === 'string' && /^\/assets\/[^/?#]+$/.test(file));
  if (assets.length > 0) event.waitUntil(caches.open(cacheName).then((cache) => keepFiles(cache, assets)));
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (event.request.mode === 'navigate' && url.pathname === pagePath) {
    // The page from the network (and kept again), else as kept.
    event.respondWith(
      fetch(event.request)
        .then((response) => {
          if (response.ok && !response.redirected) {
            caches.open(cacheName).then(keepPage).catch(() => undefined);
          }
          return response;
        })
        .catch(() => caches.open(cacheName).then((cache) => cache.match(pagePath)).then((kept) => kept || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Files under /assets/ are named by their content: a kept one is always right.
    event.respondWith(
      caches.open(cacheName).then((cache) =>
        cache.match(event.request).then(
          (kept) =>
            kept ||
            fetch(event.request).then((response) => {
              if (response.ok) cache.put(event.request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});
