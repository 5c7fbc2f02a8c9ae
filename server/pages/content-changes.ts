import type { DatabaseHandle } from '../db/client.ts';
import type { Subscription } from '../db/listener.ts';
import type { PageCache } from './page-cache.ts';

/**
 * The channel on which the database announces each committed change to what the public pages
 * show (triggers of migration 0005 on the tables of site images).
 */
export const siteContentChannel = 'site_content_changed';

/**
 * Keeps the page cache of this process true to the database: emptied at every change made by
 * any process, and suspended while changes cannot be heard.
 */
export function watchSiteContent(database: DatabaseHandle, cache: PageCache): Promise<Subscription> {
  return database.listen(siteContentChannel, {
    notify: () => cache.invalidate(),
    interrupted: () => cache.suspend(),
    resumed: () => cache.resume(),
  });
}
