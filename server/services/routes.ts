import { Router } from 'express';
import type { Database } from '../db/client.ts';
import { uploadedSlotImages } from '../images/service.ts';
import { listServices } from './service.ts';

export function servicesRouter(db: Database): Router {
  const router = Router();
  router.get('/services', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.json(listServices(await uploadedSlotImages(db)));
  });
  return router;
}
