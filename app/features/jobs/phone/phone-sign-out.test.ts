import { describe, expect, it } from 'vitest';
import { actionsOnPhone, discardActionsOnPhone, forgetDayOnPhone } from './phone-sign-out.ts';
import { memoryStore } from './phone-store.ts';
import { memoryCacheStorage } from '#tests/support/memory-storage.ts';

describe('signing out on the phone', () => {
  it('forgets the days kept and the service worker’s copy of My jobs, and keeps the actions still waiting', async () => {
    const store = memoryStore();
    await store.set('day:7:2026-11-29', { jobs: [], savedAt: '' });
    await store.set('day:9:2026-11-30', { jobs: [], savedAt: '' });
    await store.set('actions:7', [{ key: 'k1' }]);
    const cacheStorage = memoryCacheStorage(['my-jobs-v1', 'my-jobs-v2', 'another-site-cache']);
    await forgetDayOnPhone({ store, cacheStorage });
    expect([...store.values.keys()]).toEqual(['actions:7']);
    expect([...cacheStorage.held]).toEqual(['another-site-cache']);
  });

  it('counts the fitter’s actions on the phone, waiting or not accepted, and discards them only when told', async () => {
    const store = memoryStore();
    expect(await actionsOnPhone(7, store)).toBe(0);
    await store.set('actions:7', [{ key: 'k1' }, { key: 'k2', refused: 'Already completed.' }]);
    await store.set('actions:9', [{ key: 'k3' }]);
    expect(await actionsOnPhone(7, store)).toBe(2);
    await discardActionsOnPhone(7, store);
    expect(await actionsOnPhone(7, store)).toBe(0);
    expect(await actionsOnPhone(9, store)).toBe(1);
  });
});
