import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import type { Database } from '#server/db/client.ts';
import { contentFacts } from '#common/site-content/facts.ts';
import { fillTokensIn, type Tokens } from '#common/site-content/tokens.ts';
import { publicContent, type PublicContent } from '#common/site-content/public-content.ts';
import { keptFor } from '#common/util/kept-for.ts';
import { readPublished } from './service.ts';

/**
 * This process's copy of the published site content. Pages and the API read it from memory, not
 * with a query per request; it is replaced when a publication is heard of (from this process at
 * once, from others through the database's notification, pages/content-changes.ts).
 */
export type SiteContentStore = {
  /** The published document (loaded, and seeded on a new database, on first use). */
  published(): Promise<PublishedSiteContent>;
  /** The published document if it is in memory already, without waiting (undefined before it is loaded). */
  current(): PublishedSiteContent | undefined;
  /** Reads the published document again (another process may have published). */
  reload(): Promise<void>;
  /** A document this process has just published. */
  accept(published: PublishedSiteContent): void;
  /** The document of a new database. */
  readonly seed: () => SiteContent;
};

export function createSiteContentStore(db: Database, seed: () => SiteContent): SiteContentStore {
  let current: PublishedSiteContent | undefined;
  let loading: Promise<PublishedSiteContent> | undefined;
  // Versions only grow: a slow read never replaces a newer document with an older one.
  const accept = (published: PublishedSiteContent) => {
    if (!current || published.version > current.version) current = published;
    return current;
  };
  const load = () => {
    const read = readPublished(db, seed).then(accept);
    loading = read;
    // A failed read is not remembered: the next request tries again.
    read
      .catch(() => undefined)
      .finally(() => {
        if (loading === read) loading = undefined;
      });
    return read;
  };
  return {
    seed,
    published: () => (current ? Promise.resolve(current) : (loading ?? load())),
    current: () => current,
    reload: async () => {
      await load();
    },
    accept: (published) => void accept(published),
  };
}

/** What the pages are given of a published document. */
type PagesContent = { content: PublicContent; facts: Tokens };

const forPages = new WeakMap<SiteContent, PagesContent>();

/**
 * The content as the public pages show it: its public part only, with every fact its texts name
 * by token (`{radiusMiles}`, `{price:mot}`, …) filled in, and those facts; once per published
 * version.
 */
export const contentForPages = (content: SiteContent): PagesContent =>
  keptFor(forPages, content, () => {
    const facts = contentFacts(content);
    return { content: publicContent(fillTokensIn(content, facts)), facts };
  });
