import { describe, expect, it } from 'vitest';
import { NonceTemplate } from './nonce-template.ts';
import { pageKey, PageCache, type CachedPage } from './page-cache.ts';

const nonce = 'rendered-with-this-nonce-1';
const page = (text: string): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html; charset=utf-8']],
  template: new NonceTemplate(`<p>${text}</p><script nonce="${nonce}"></script>`, nonce),
});
const text = (cached: CachedPage | null | undefined) => cached?.template.identity('n'.repeat(22)).toString();

describe('PageCache', () => {
  it('renders a page once and serves it afterwards', async () => {
    const cache = new PageCache();
    let renders = 0;
    const render = async () => {
      renders += 1;
      return page('home');
    };
    expect(text(await cache.getOrRender('/', render))).toContain('home');
    expect(text(await cache.getOrRender('/', render))).toContain('home');
    expect(renders).toBe(1);
    expect(cache.stats).toMatchObject({ pages: 1, hits: 1, renders: 1 });
  });

  it('renders once for every request that asks while it renders', async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish!: () => void;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders += 1;
      await rendered;
      return page('home');
    };
    const waiting = Array.from({ length: 10 }, () => cache.getOrRender('/', render));
    finish();
    const pages = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(pages.every((cached) => text(cached)?.includes('home'))).toBe(true);
  });

  it('stores nothing a render declines, and lets those waiting render for themselves', async () => {
    const cache = new PageCache();
    let finish!: () => void;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const first = cache.getOrRender('/', async () => {
      await rendered;
      return null;
    });
    const second = cache.getOrRender('/', async () => page('never asked'));
    finish();
    expect(await first).toBeNull();
    expect(await second).toBeNull();
    expect(cache.stats.pages).toBe(0);
  });

  it('lets those waiting render for themselves when the render fails', async () => {
    const cache = new PageCache();
    const first = cache.getOrRender('/', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('database down');
    });
    const second = cache.getOrRender('/', async () => page('x'));
    await expect(first).rejects.toThrow('database down');
    expect(await second).toBeNull();
  });

  it('forgets every page at a change, and does not store one rendered before it', async () => {
    const cache = new PageCache();
    await cache.getOrRender('/a', async () => page('a'));
    cache.invalidate();
    expect(cache.get('/a')).toBeUndefined();

    let finish!: () => void;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const during = cache.getOrRender('/b', async () => {
      await rendered;
      return page('old b');
    });
    cache.invalidate();
    finish();
    // The request that rendered it still gets its page; nobody else does.
    expect(text(await during)).toContain('old b');
    expect(cache.get('/b')).toBeUndefined();
    expect(text(await cache.getOrRender('/b', async () => page('new b')))).toContain('new b');
  });

  it('forgets only the pages of the addresses a change shows on, and stores none rendered before it', async () => {
    const cache = new PageCache();
    const keys = ['/book', '/book?step=when', '/booking-tips', '/mot', '/', '/tyres/205-55-r16'].map((url) =>
      pageKey('no-splash', url),
    );
    for (const key of keys) await cache.getOrRender(key, async () => page(key));
    let finish!: () => void;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const during = cache.getOrRender(pageKey('splash', '/'), async () => {
      await rendered;
      return page('old home');
    });
    cache.invalidatePages(['/book', '/mot']);
    finish();
    await during;
    expect(keys.filter((key) => cache.get(key) !== undefined)).toEqual([
      pageKey('no-splash', '/booking-tips'),
      pageKey('no-splash', '/'),
      pageKey('no-splash', '/tyres/205-55-r16'),
    ]);
    // Rendered while the change was made: not kept, whichever page it is.
    expect(cache.get(pageKey('splash', '/'))).toBeUndefined();
    cache.invalidatePages([]);
    expect(cache.stats.pages).toBe(3);
  });

  it('keeps serving what it holds while suspended, stores nothing new, and starts afresh on resume', async () => {
    const cache = new PageCache();
    await cache.getOrRender('/', async () => page('home'));
    cache.suspend();
    expect(text(cache.get('/'))).toContain('home');
    expect(text(await cache.getOrRender('/', async () => page('other')))).toContain('home');
    await cache.getOrRender('/b', async () => page('b'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.stats.pages).toBe(1);
    cache.resume();
    // What changed meanwhile could not be heard: nothing held before is served.
    expect(cache.get('/')).toBeUndefined();
    expect(text(await cache.getOrRender('/', async () => page('new home')))).toContain('new home');
    expect(cache.get('/')).toBeDefined();
  });

  it('keeps within its size, least recently used out first', async () => {
    const big = () => page('x'.repeat(1000));
    const size = big().template.size;
    const maxBytes = Math.floor(size * 4.5);
    const cache = new PageCache({ maxBytes });
    for (const key of ['/1', '/2', '/3', '/4']) await cache.getOrRender(key, async () => big());
    cache.get('/1');
    await cache.getOrRender('/5', async () => big());
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/1')).toBeDefined();
    expect(cache.stats.pages).toBe(4);
    expect(cache.stats.bytes).toBeLessThanOrEqual(maxBytes);
  });

  it('does not keep a page bigger than a quarter of its size', async () => {
    const cache = new PageCache({ maxBytes: 1000 });
    await cache.getOrRender('/', async () => page('x'.repeat(300)));
    expect(cache.stats.pages).toBe(0);
  });
});
