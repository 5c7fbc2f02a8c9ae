import type { DatabaseHandle } from '../db/client.ts';
import type { Subscription } from '../db/listener.ts';
import type { Logger } from '../logger.ts';
import type { SiteContentStore } from '#server/site-content/store.ts';
import type { PageCache } from './page-cache.ts';

/**
 * The channel on which the database announces each committed change to what the public pages
 * show (triggers of migrations 0005 and 0006 on the pictures and the site content).
 */
const siteContentChannel = 'site_content_changed';

/**
 * Keeps this process true to the database at every change made by any process: the site content
 * is read again and the page cache emptied, at once and again once the content is read (a page
 * rendered in between may show the old content). While changes cannot be heard, the cache is
 * suspended; when they can again, the content is read afresh.
 */
export function watchSiteContent(
  database: DatabaseHandle,
  { cache, content, logger }: { cache?: PageCache; content: SiteContentStore; logger: Logger },
): Promise<Subscription> {
  const reload = () => {
    cache?.invalidate();
    content
      .reload()
      .catch((error: unknown) => logger.error({ err: error }, 'could not read the published site content'))
      .finally(() => cache?.invalidate());
  };
  return database.listen(siteContentChannel, {
    notify: reload,
    interrupted: () => cache?.suspend(),
    resumed: () => {
      reload();
      cache?.resume();
    },
  });
}
