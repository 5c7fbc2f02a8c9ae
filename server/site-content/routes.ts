import { recordStaffActivity } from '#server/activity/service.ts';
import express, { Router, type RequestHandler } from 'express';
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

const revisionId = (req: express.Request) => idParam(req, 'The revision id must be a positive whole number.');

/**
 * What follows each publication, from any of its routes: this process's store takes the new
 * version, `changed` empties what pages keep of the old one, and the activity log records it.
 */
export async function takePublished(
  { db, store, changed }: { db: Database; store: SiteContentStore; changed: () => void },
  req: express.Request,
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
  const router = Router();

  // Signed-in staff get the whole document, and who published it (the Content tab says so).
  // Anyone else gets what the public pages show: no staff name (half of what guessing a
  // password needs), no price rules, booking or invoicing settings.
  router.get('/site-content', whenGuardPasses(requireUser), async (_req, res) => {
    res.json(await store.published());
  });
  router.get('/site-content', async (_req, res) => {
    const { version, content, publishedAt } = await store.published();
    res.json({ version, content: publicContent(content), publishedAt } satisfies PublicSiteContent);
  });

  router.put('/site-content', requireUser, express.json({ limit: contentBodyLimit }), async (req, res) => {
    const result = await publishSiteContent(db, req.body, req.user!, store.seed);
    if (result.outcome === 'conflict') {
      store.accept(result.current);
      res
        .status(409)
        .json({ error: siteContentConflictMessage, current: result.current } satisfies SiteContentConflict);
      return;
    }
    await takePublished({ db, store, changed }, req, result.published);
    res.json(result.published);
  });

  router.get('/site-content/revisions', requireUser, async (req, res) => {
    res.json(await listRevisions(db, parseQuery(pageQuerySchema, req)));
  });

  router.get('/site-content/revisions/:id', requireUser, async (req, res) => {
    res.json(await readRevision(db, revisionId(req)));
  });

  router.post('/site-content/revisions/:id/restore', requireUser, async (req, res) => {
    const id = revisionId(req);
    const published = await restoreRevision(db, id, req.user!, store.seed);
    await takePublished({ db, store, changed }, req, published, { restoredFrom: id });
    res.json(published);
  });

  return router;
}
