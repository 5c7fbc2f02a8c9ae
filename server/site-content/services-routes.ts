import { Router, type Request, type Response } from 'express';
import type { SiteContentStore } from './store.ts';
import type { Database } from '#server/db/client.ts';
import { uploadedSlotImages } from '#server/images/service.ts';
import { listServices } from './services.ts';

export function servicesRouter(db: Database, siteContent: SiteContentStore): Router {
  const router = Router();
  router.get('/services', listPublishedServices(db, siteContent));
  return router;
}

/** GET /services: the services the site shows, with their pictures. */
function listPublishedServices(db: Database, siteContent: SiteContentStore) {
  return async (_req: Request, res: Response) => {
    res.set('Cache-Control', 'public, max-age=300');
    const { content } = await siteContent.published();
    res.json(listServices(content, await uploadedSlotImages(db)));
  };
}
