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

  it('keeps at most maxEntries, dropping the oldest, and does not keep a read under way when cleared', async () => {
    const cache = createReadCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    const load = vi.fn(async () => 'loaded');
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(load).toHaveBeenCalledTimes(3);
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(4);

    let finish = (_value: string) => {};
    const slow = cache.get('d', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('before the change');
    expect(await slow).toBe('before the change');
    expect(await cache.get('d', async () => 'after the change')).toBe('after the change');
  });

  it('drops expired results as new ones are kept, so keys carrying the time do not pile up', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const cache = createReadCache<number>({ ttlMs: 1000 });
    for (let minute = 0; minute < 100; minute += 1) {
      await cache.get(`minute ${minute}`, async () => minute);
      vi.advanceTimersByTime(600);
    }
    expect(cache.size).toBeLessThanOrEqual(3);
    vi.useRealTimers();
  });

  it('changes a kept result, even one still being read, and keeps the change for the result’s time', async () => {
    const cache = createReadCache<number[]>({ ttlMs: 60_000 });
    let answer!: (value: number[]) => void;
    const load = vi.fn(() => new Promise<number[]>((resolve) => (answer = resolve)));
    const first = cache.get('a', load);
    cache.update('a', (values) => values.filter((value) => value !== 2));
    cache.update('missing', () => [99]);
    answer([1, 2, 3]);
    expect(await first).toEqual([1, 2, 3]);
    expect(await cache.get('a', load)).toEqual([1, 3]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await cache.get('missing', async () => [4])).toEqual([4]);

    const failing = vi.fn(async () => [0]);
    await cache.get('b', failing);
    cache.update('b', () => {
      throw new Error('bad change');
    });
    await expect(cache.get('b', failing)).rejects.toThrow('bad change');
    expect(await cache.get('b', failing)).toEqual([0]);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
