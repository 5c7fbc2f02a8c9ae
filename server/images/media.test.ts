import { describe, expect, it } from 'vitest';
import { MediaCache } from './media.ts';

const file = (size: number) => ({ contentType: 'image/webp', bytes: Buffer.alloc(size) });

describe('the cache of served pictures', () => {
  it('keeps the most recently served within its size, dropping the least recently served first', () => {
    const cache = new MediaCache(100);
    cache.set('a', file(40));
    cache.set('b', file(40));
    expect(cache.get('a')).toBeDefined(); // now a is the more recent of the two
    cache.set('c', file(40));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.bytes).toBe(80);
  });

  it('never holds a picture larger than itself, and forgets on request', () => {
    const cache = new MediaCache(100);
    cache.set('big', file(101));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', file(10));
    cache.forget('a');
    expect([cache.get('a'), cache.bytes]).toEqual([undefined, 0]);
  });
});
