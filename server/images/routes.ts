import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { imageSlotNames, type ImageSlotName } from '#common/images.ts';
import { HttpError } from '../http/errors.ts';
import { clientBuildDir, projectRoot } from '../paths.ts';

/** Where the shipped fallback images are: the build's copy, or the source folder before a build. */
function fallbackDir(): string {
  const built = path.join(clientBuildDir, 'images', 'fallback');
  return fs.existsSync(built) ? built : path.join(projectRoot, 'public', 'images', 'fallback');
}

function isSlotName(name: string): name is ImageSlotName {
  return (imageSlotNames as readonly string[]).includes(name);
}

/**
 * GET /api/images/{name}: the picture of a named slot. The hero background is also the site's
 * social share image, so it is served as a 1200x630 JPEG.
 */
export function imagesRouter(): Router {
  const router = Router();
  router.get('/images/:name', (req, res, next) => {
    const name = req.params.name;
    if (!isSlotName(name)) throw new HttpError(404, 'No image has that name.');
    const file = name === 'hero-background' ? 'share-image.jpg' : `${name}-800.webp`;
    res.set('Cache-Control', 'public, max-age=300');
    res.sendFile(path.join(fallbackDir(), file), (error) => {
      if (error) next(error);
    });
  });
  return router;
}
