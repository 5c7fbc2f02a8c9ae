import {
  settingsDomainNames,
  type BusinessSettings,
  type DomainSettings,
  type SettingsContext,
  type SettingsDomain,
} from '#common/settings/domains.ts';
import type { Database } from '#server/db/client.ts';
import type { SiteContentStore } from '#server/site-content/store.ts';
import {
  domainSettingsOf,
  readStoredSettings,
  settingsInForce,
  type StoredSettings,
  type StoredSettingsRows,
} from './service.ts';

/**
 * This process's copy of the business's settings. The product reads them from memory, not with
 * a query per request; they are read again when a change is heard of (from this process at
 * once, from others through the database's notification, changes.ts). The settings in force
 * depend on the published site content too (a new branch books from its opening hours), so they
 * are worked out again when either changes: one object per pair, which what is kept in memory
 * elsewhere can hang on.
 */
export type SettingsStore = {
  /** Every domain's settings in force (read, on first use, from the database). */
  inForce(): Promise<BusinessSettings>;
  /** The settings in force if both they and the content are in memory, without waiting. */
  now(): BusinessSettings | undefined;
  /** One domain's settings as GET /api/settings/{domain} answers them. */
  domain<Domain extends SettingsDomain>(domain: Domain): Promise<DomainSettings<Domain>>;
  /** What defaults and checks depend on: the published content's branches. */
  context(): Promise<SettingsContext>;
  /** Reads the settings again (another process may have changed them); answers the domains whose version changed. */
  reload(): Promise<SettingsDomain[]>;
  /** A change this process has just made. */
  accept<Domain extends SettingsDomain>(domain: Domain, stored: StoredSettings<Domain>): void;
};

export function createSettingsStore(db: Database, content: SiteContentStore): SettingsStore {
  let rows: StoredSettingsRows | undefined;
  let loading: Promise<StoredSettingsRows> | undefined;
  let made: { rows: StoredSettingsRows; context: SettingsContext; settings: BusinessSettings } | undefined;

  const load = () => {
    const read = readStoredSettings(db).then((fresh) => {
      rows = newerOf(rows, fresh);
      return rows;
    });
    loading = read;
    // A failed read is not remembered: the next request tries again.
    read
      .catch(() => undefined)
      .finally(() => {
        if (loading === read) loading = undefined;
      });
    return read;
  };
  const stored = () => (rows ? Promise.resolve(rows) : (loading ?? load()));
  const contextOf = (published: { content: { branches: SettingsContext['branches'] } }): SettingsContext => ({
    branches: published.content.branches,
  });
  const inForceWith = (current: StoredSettingsRows, context: SettingsContext, branches: unknown) => {
    if (made?.rows === current && made.context.branches === branches) return made.settings;
    const settings = Object.fromEntries(
      settingsDomainNames.map((domain) => [
        domain,
        settingsInForce(domain, current[domain] as never, context),
      ]),
    ) as unknown as BusinessSettings;
    made = { rows: current, context, settings };
    return settings;
  };

  return {
    inForce: async () => {
      const [current, published] = await Promise.all([stored(), content.published()]);
      return inForceWith(current, contextOf(published), published.content.branches);
    },
    now: () => {
      const published = content.current();
      if (!rows || !published) return undefined;
      return inForceWith(rows, contextOf(published), published.content.branches);
    },
    domain: async (domain) => {
      const [current, published] = await Promise.all([stored(), content.published()]);
      return domainSettingsOf(domain, current[domain], contextOf(published));
    },
    context: async () => contextOf(await content.published()),
    reload: async () => {
      const before = rows;
      const after = await load();
      return settingsDomainNames.filter((domain) => before?.[domain]?.version !== after[domain]?.version);
    },
    // Just written by this process, from the version the database held: the newest there is.
    accept: (domain, change) => {
      rows = { ...rows, [domain]: change };
    },
  };
}

/** Versions only grow: a slow read never replaces a newer domain's settings with older ones. */
function newerOf(held: StoredSettingsRows | undefined, fresh: StoredSettingsRows): StoredSettingsRows {
  if (!held) return fresh;
  const merged: Partial<Record<SettingsDomain, StoredSettings>> = {};
  let same = true;
  for (const domain of settingsDomainNames) {
    const [was, is] = [held[domain], fresh[domain]];
    const kept = was && (!is || was.version >= is.version) ? was : is;
    if (kept) merged[domain] = kept;
    if (kept !== was) same = false;
  }
  return same ? held : (merged as StoredSettingsRows);
}
