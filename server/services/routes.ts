import { Router } from 'express';
import { listServices } from './service.ts';

export function servicesRouter(): Router {
  const router = Router();
  router.get('/services', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300');
    res.json(await listServices());
  });
  return router;
}
