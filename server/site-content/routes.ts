import { recordStaffActivity } from '#server/activity/service.ts';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  siteContentConflictMessage,
  type PublicSiteContent,
  type PublishedSiteContent,
  type SiteContentConflict,
} from '#common/site-content/site-content.ts';
import { publicContent } from '#common/site-content/public-content.ts';
import type { Database } from '#server/db/client.ts';
import { whenGuardPasses } from '#server/auth/guard.ts';
import { idParam, pageQuerySchema, parseQuery } from '#server/http/params.ts';
import { listRevisions, publishSiteContent, readRevision, restoreRevision } from './service.ts';
import type { SiteContentStore } from './store.ts';

/** The whole document is a few tens of kilobytes; this leaves room for long texts. */
const contentBodyLimit = '512kb';

const revisionId = (req: Request) => idParam(req, 'The revision id must be a positive whole number.');

/** What the content's routes work with: the database, this process's store, and who hears of changes. */
type SiteContentParts = { db: Database; store: SiteContentStore; changed: () => void };

/**
 * What follows each publication, from any of its routes: this process's store takes the new
 * version, `changed` empties what pages keep of the old one, and the activity log records it.
 */
async function takePublished(
  { db, store, changed }: SiteContentParts,
  req: Request,
  published: PublishedSiteContent,
  detail: Record<string, string | number> = {},
) {
  store.accept(published);
  changed();
  await recordStaffActivity(db, req, {
    kind: 'content-published',
    target: `site content version ${published.version}`,
    detail: { version: published.version, ...detail },
  });
}

/**
 * The business's site content, which staff edit (docs/features.md, Site content). Its public part
 * is for anyone to read; the whole document, publishing, the history and restoring need a
 * signed-in staff member. `changed` hears of
 * each publication before it is answered, so that this process's next page shows it.
 */
export function siteContentRouter(
  db: Database,
  store: SiteContentStore,
  requireUser: RequestHandler,
  changed: () => void,
): Router {
  const parts = { db, store, changed };
  const router = Router();
  router.get('/site-content', whenGuardPasses(requireUser), readWholeContent(parts));
  router.get('/site-content', readPublicContent(parts));
  router.put('/site-content', requireUser, express.json({ limit: contentBodyLimit }), publish(parts));
  router.get('/site-content/revisions', requireUser, listContentRevisions(parts));
  router.get('/site-content/revisions/:id', requireUser, readContentRevision(parts));
  router.post('/site-content/revisions/:id/restore', requireUser, restore(parts));
  return router;
}

/**
 * GET /site-content for signed-in staff: the whole document, and who published it (the Content
 * tab says so).
 */
function readWholeContent({ store }: SiteContentParts) {
  return async (_req: Request, res: Response) => {
    res.json(await store.published());
  };
}

/**
 * GET /site-content for anyone else: what the public pages show. No staff name (half of what
 * guessing a password needs), no price rules, booking or invoicing settings.
 */
function readPublicContent({ store }: SiteContentParts) {
  return async (_req: Request, res: Response) => {
    const { version, content, publishedAt } = await store.published();
    res.json({ version, content: publicContent(content), publishedAt } satisfies PublicSiteContent);
  };
}

/** PUT /site-content: the document published from its version, or the current one on a conflict. */
function publish(parts: SiteContentParts) {
  const { db, store } = parts;
  return async (req: Request, res: Response) => {
    const result = await publishSiteContent(db, req.body, req.user!, store.seed);
    if (result.outcome === 'conflict') {
      store.accept(result.current);
      res
        .status(409)
        .json({ error: siteContentConflictMessage, current: result.current } satisfies SiteContentConflict);
      return;
    }
    await takePublished(parts, req, result.published);
    res.json(result.published);
  };
}

/** GET /site-content/revisions: the history, newest first, a page at a time. */
function listContentRevisions({ db }: SiteContentParts) {
  return async (req: Request, res: Response) => {
    res.json(await listRevisions(db, parseQuery(pageQuerySchema, req)));
  };
}

/** GET /site-content/revisions/{id}: one version of the document. */
function readContentRevision({ db }: SiteContentParts) {
  return async (req: Request, res: Response) => {
    res.json(await readRevision(db, revisionId(req)));
  };
}

/** POST /site-content/revisions/{id}/restore: an old version published again as the newest. */
function restore(parts: SiteContentParts) {
  const { db, store } = parts;
  return async (req: Request, res: Response) => {
    const id = revisionId(req);
    const published = await restoreRevision(db, id, req.user!, store.seed);
    await takePublished(parts, req, published, { restoredFrom: id });
    res.json(published);
  };
}
