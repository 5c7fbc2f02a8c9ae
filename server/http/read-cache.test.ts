import { describe, expect, it, vi } from 'vitest';
import { createReadCache } from './read-cache.ts';

describe('read cache', () => {
  it('shares one load between concurrent reads and keeps it for its time', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const cache = createReadCache<number>({ ttlMs: 1000 });
    const load = vi.fn(async () => 42);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      42, 42, 42,
    ]);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    await cache.get('b', load);
    expect(load).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it('forgets everything when cleared, and never keeps a failure', async () => {
    const cache = createReadCache<number>({ ttlMs: 60_000 });
    const load = vi.fn(async () => 1);
    await cache.get('a', load);
    cache.clear();
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);

    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cache.get('b', failing)).rejects.toThrow('database down');
    await expect(cache.get('b', failing)).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
