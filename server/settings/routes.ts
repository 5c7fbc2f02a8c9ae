import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  isSettingsDomain,
  settingsConflictMessage,
  settingsDomains,
  type SettingsConflict,
  type SettingsDomain,
} from '#common/settings/domains.ts';
import { recordStaffActivity } from '#server/activity/service.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { pageQuerySchema, parseQuery } from '#server/http/params.ts';
import { changeSettings, listSettingsChanges } from './service.ts';
import type { SettingsStore } from './store.ts';

type SettingsDependencies = {
  db: Database;
  store: SettingsStore;
  /** Told of each change before it is answered, with the public pages that show the domain. */
  changed: (pages: readonly string[]) => void;
};

/** Booking's closed dates and brand lists are the longest: a few tens of kilobytes at most. */
const settingsBodyLimit = '256kb';

const domainOf = (req: Request): SettingsDomain => {
  const { domain } = req.params;
  if (!isSettingsDomain(domain)) throw new HttpError(404, 'There are no such settings.');
  return domain;
};

/**
 * The business's settings (common/settings/domains.ts), for office staff: GET
 * /settings/{domain} answers those in force and their version, PUT /settings/{domain} changes
 * them from a version (409 with the current ones when another change came first; 403 for a role
 * the domain does not allow; 400 with the fields at fault), and GET /settings/{domain}/history
 * lists the changes, newest first.
 */
export function settingsRouter(deps: SettingsDependencies, requireUser: RequestHandler) {
  const router = Router();
  router.use('/settings', requireUser);
  router.get('/settings/:domain', readSettings(deps));
  router.put('/settings/:domain', express.json({ limit: settingsBodyLimit }), changeDomainSettings(deps));
  router.get('/settings/:domain/history', listChanges(deps));
  return router;
}

/** GET /settings/{domain}: the settings in force and their version. */
function readSettings({ store }: SettingsDependencies) {
  return async (req: Request, res: Response) => {
    res.json(await store.domain(domainOf(req)));
  };
}

/** PUT /settings/{domain}: the settings changed from a version, or the current ones on a conflict. */
function changeDomainSettings({ db, store, changed }: SettingsDependencies) {
  return async (req: Request, res: Response) => {
    const domain = domainOf(req);
    const result = await changeSettings(db, domain, req.body, req.user!, await store.context());
    if (result.outcome === 'conflict') {
      await store.reload();
      const current = await store.domain(domain);
      res.status(409).json({ error: settingsConflictMessage, current } satisfies SettingsConflict);
      return;
    }
    if (result.outcome === 'changed') {
      store.accept(domain, result.stored);
      changed(settingsDomains[domain].pages);
      await recordStaffActivity(db, req, {
        kind: 'settings-changed',
        target: `${settingsDomains[domain].title.toLowerCase()} settings`,
        detail: { domain, version: result.stored.version },
      });
    }
    res.json(await store.domain(domain));
  };
}

/** GET /settings/{domain}/history: the changes, newest first, a page at a time. */
function listChanges({ db }: SettingsDependencies) {
  return async (req: Request, res: Response) => {
    const domain = domainOf(req);
    res.json(await listSettingsChanges(db, domain, parseQuery(pageQuerySchema, req)));
  };
}
