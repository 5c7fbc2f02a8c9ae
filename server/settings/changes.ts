import { settingsDomains } from '#common/settings/domains.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import type { Subscription } from '#server/db/listener.ts';
import type { Logger } from '#server/logger.ts';
import type { PageCache } from '#server/pages/page-cache.ts';
import type { SettingsStore } from './store.ts';

/** The channel on which the database announces each committed change of the settings (migration 0035). */
const settingsChannel = 'business_settings_changed';

/**
 * Keeps this process true to the database at every change of the settings made by any process:
 * they are read again, and the cached pages that show a domain whose version changed are
 * dropped. While changes cannot be heard the page cache is suspended (pages/content-changes.ts
 * does the same for the content); when they can again, the settings are read afresh.
 */
export function watchSettings(
  database: DatabaseHandle,
  { cache, settings, logger }: { cache?: PageCache; settings: SettingsStore; logger: Logger },
): Promise<Subscription> {
  const reload = () =>
    settings
      .reload()
      .then((domains) => cache?.invalidatePages(domains.flatMap((domain) => settingsDomains[domain].pages)))
      .catch((error: unknown) => logger.error({ err: error }, 'could not read the business settings'));
  return database.listen(settingsChannel, {
    notify: () => void reload(),
    interrupted: () => cache?.suspend(),
    resumed: () => {
      void reload();
      cache?.resume();
    },
  });
}
