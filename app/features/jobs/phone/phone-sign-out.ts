import type { QueuedAction } from './action-queue.ts';
import { actionsKey, forgetKeptDays, indexedDbStore, type PhoneStore } from './phone-store.ts';

/** The caches My jobs' service worker keeps the page in (public/jobs-sw.js names them my-jobs-v<n>). */
const keptPageCache = /^my-jobs-/;

/** The service worker's copy of My jobs goes, with the files it kept beside it. */
async function forgetKeptPage(cacheStorage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!cacheStorage) return;
  const names = await cacheStorage.keys();
  await Promise.all(
    names.filter((name) => keptPageCache.test(name)).map((name) => cacheStorage.delete(name)),
  );
}

/**
 * At sign-out, and as soon as the phone hears the session has ended (signed out elsewhere, expired,
 * the account disabled): nothing of the fitter's day stays on the phone, neither the kept days nor
 * the service worker's copy of the page.
 */
export async function forgetDayOnPhone({
  store = indexedDbStore(),
  cacheStorage = globalThis.caches,
}: { store?: PhoneStore; cacheStorage?: CacheStorage } = {}): Promise<void> {
  await Promise.all([forgetKeptDays(store), forgetKeptPage(cacheStorage)]);
}

/** How many of the fitter's actions are still on the phone, waiting or not accepted. */
export async function actionsOnPhone(userId: number, store: PhoneStore = indexedDbStore()): Promise<number> {
  return ((await store.get<QueuedAction[]>(actionsKey(userId))) ?? []).length;
}

/** The fitter chose to discard what is still on the phone (at sign-out, after a second press). */
export async function discardActionsOnPhone(
  userId: number,
  store: PhoneStore = indexedDbStore(),
): Promise<void> {
  await store.delete(actionsKey(userId));
}
