import type { NonceTemplate } from './nonce-template.ts';

/** A rendered page as the cache keeps it: its status, its headers and its document. */
export type CachedPage = {
  status: number;
  /** The rendered response's own headers (content type and the like), never a cookie. */
  headers: [name: string, value: string][];
  template: NonceTemplate;
};

/** The cache key of a page: its variant (with or without the splash screen) and its address. */
export const pageKey = (variant: string, url: string) => `${variant} ${url}`;

/** Whether the page of cache key `key` (`pageKey`: "splash /book?x=1") is `path` or below it. */
function showsPath(key: string, path: string): boolean {
  const url = key.slice(key.indexOf(' ') + 1);
  return url === path || (url.startsWith(path) && '/?#'.includes(url.charAt(path.length)));
}

/** Default bound of the documents held, text and compressed: a few hundred pages. */
const defaultPageCacheBytes = 16 * 1024 * 1024;

/**
 * Rendered public pages, by a key the caller makes of what a page depends on (its address and
 * whether it shows the splash screen), least recently used out first past `maxBytes`.
 *
 * Every change to what the pages show calls `invalidate`, which empties the cache and starts a
 * new generation; a page rendered while that happened is not stored, since it may show the old
 * content. While changes elsewhere cannot be heard (the database's notifications are
 * interrupted, typically because the database cannot be reached) the cache is `suspend`ed: the
 * pages it holds are still served, nothing new is stored, and `resume` empties it. Nothing can
 * change while the database is down; a change made while only the listening connection was lost
 * is shown once it listens again (within seconds), as the content itself is only read again then.
 */
export class PageCache {
  readonly #maxBytes: number;
  readonly #pages = new Map<string, CachedPage>();
  readonly #rendering = new Map<string, { generation: number; page: Promise<CachedPage | null> }>();
  #bytes = 0;
  #generation = 0;
  #suspended = false;
  #hits = 0;
  #renders = 0;

  constructor({ maxBytes = defaultPageCacheBytes }: { maxBytes?: number } = {}) {
    this.#maxBytes = maxBytes;
  }

  /** Pages and bytes held, requests answered from the cache and renders for it, for logs and tests. */
  get stats() {
    return {
      pages: this.#pages.size,
      bytes: this.#bytes,
      generation: this.#generation,
      hits: this.#hits,
      renders: this.#renders,
    };
  }

  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (page) {
      this.#hits += 1;
      // Most recently used last.
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  /**
   * The page of `key`, rendered once for every request that asks while it renders: `render`
   * gives a page to store, or null for a response that must not be stored. Resolves with the
   * stored page, or null when the caller must render for itself.
   */
  async getOrRender(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const cached = this.get(key);
    if (cached) return cached;
    const generation = this.#generation;
    const running = this.#rendering.get(key);
    // Another request's failure is not this one's: it renders for itself.
    if (running?.generation === generation) return running.page.catch(() => null);

    this.#renders += 1;
    const page = render().then((rendered) => {
      if (rendered) this.#store(key, rendered, generation);
      return rendered;
    });
    const entry = { generation, page };
    this.#rendering.set(key, entry);
    try {
      return await page;
    } finally {
      if (this.#rendering.get(key) === entry) this.#rendering.delete(key);
    }
  }

  #store(key: string, page: CachedPage, renderedIn: number) {
    // Rendered before the latest change, or too big to be worth a place.
    if (this.#suspended || renderedIn !== this.#generation) return;
    if (page.template.size > this.#maxBytes / 4) return;
    this.#forget(key);
    this.#pages.set(key, page);
    this.#bytes += page.template.size;
    for (const [oldest] of this.#pages) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string) {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= page.template.size;
  }

  /** Something shown on the pages changed: every page is rendered afresh. */
  invalidate() {
    this.#generation += 1;
    this.#pages.clear();
    this.#rendering.clear();
    this.#bytes = 0;
  }

  /**
   * Something shown on some pages changed: the pages whose address starts with one of
   * `paths` are rendered afresh (`/book` is /book and /book?…, not /booking).
   */
  invalidatePages(paths: readonly string[]) {
    if (paths.length === 0) return;
    // Pages rendering now are not stored: one of them may be a page of `paths` with the old content.
    this.#generation += 1;
    this.#rendering.clear();
    for (const key of [...this.#pages.keys()]) {
      if (paths.some((path) => showsPath(key, path))) this.#forget(key);
    }
  }

  /** Changes can no longer be heard: keep serving the pages held, store none until `resume`. */
  suspend() {
    this.#suspended = true;
  }

  /** Changes are heard again (those made meanwhile were not): start afresh. */
  resume() {
    this.#suspended = false;
    this.invalidate();
  }
}
