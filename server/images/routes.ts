import fs from 'node:fs';
import path from 'node:path';
import { recordStaffActivity } from '../activity/service.ts';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { imageRecordSchema, imageUpdateSchema } from '#common/images/fields.ts';
import { imageSlots, isImageSlotName } from '#common/images/images.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody } from '../http/params.ts';
import { clientBuildDir, projectRoot } from '../paths.ts';
import { sendPicture } from './media.ts';
import { processImage, type ProcessedImage } from './process.ts';
import {
  createImage,
  deleteImage,
  imageNameOf,
  isImageNameTaken,
  imageNotFound,
  listImages,
  nameTaken,
  requireSlotAltText,
  namedMedia,
  storeImage,
  updateImage,
} from './service.ts';
import { asHttpRefusal, readPicture } from './upload.ts';

/** Where the shipped fallback images are: the build's copy, or the source folder before a build. */
function fallbackDir(): string {
  const built = path.join(clientBuildDir, 'images', 'fallback');
  return fs.existsSync(built) ? built : path.join(projectRoot, 'public', 'images', 'fallback');
}

const imageId = (req: Request) => idParam(req, 'The image id must be a positive whole number.');

/** Decodes and re-encodes the picture (process.ts); a refusal keeps its status (413 or 415). */
const safePicture = (file: Buffer, share: boolean): Promise<ProcessedImage> =>
  asHttpRefusal(() => processImage(file, { share }));

const isHero = (name: string | undefined) => name === 'hero-background';

/** What the image routes work with: the database, and who hears of each change. */
type ImageParts = { db: Database; changed: () => void };

/**
 * The image API (docs/features.md, Site images). Reading is public; every change needs a signed-in staff member
 * and passes the CSRF guard before a byte of the upload is read. `changed` hears of each change
 * before it is answered, so that this process's next page shows it (other processes hear of it
 * from the database).
 */
export function imagesRouter(db: Database, requireUser: RequestHandler, changed: () => void): Router {
  const parts = { db, changed };
  const router = Router();
  router.get('/images', listImageRecords(parts));
  router.post('/images', requireUser, addImageRecord(parts));
  router.post('/images/upload', requireUser, uploadImage(parts));
  router.post('/images/:id/replace', requireUser, replacePicture(parts));
  router.put('/images/:id', requireUser, changeImageRecord(parts));
  router.delete('/images/:id', requireUser, removeImage(parts));
  router.post('/upload-hero', requireUser, uploadHero(parts));
  router.get('/images/:name', namedPicture(parts));
  return router;
}

/** GET /images: every image record. */
function listImageRecords({ db }: ImageParts) {
  return async (_req: Request, res: Response) => {
    res.json(await listImages(db));
  };
}

/** POST /images: a record for a picture named, without its bytes. */
function addImageRecord({ db, changed }: ImageParts) {
  return async (req: Request, res: Response) => {
    const image = await createImage(db, parseBody(imageRecordSchema, req.body ?? {}));
    changed();
    req.log.info({ user: req.user?.username, image: image.name }, 'image record created');
    await recordStaffActivity(db, req, {
      kind: 'image-changed',
      target: `image ${image.name}`,
      detail: { change: 'created' },
    });
    res.status(201).json(image);
  };
}

/** POST /images/upload: a new image, its record and its picture. */
function uploadImage({ db, changed }: ImageParts) {
  return async (req: Request, res: Response) => {
    const { file, fields } = await readPicture(req, res);
    const record = parseBody(imageRecordSchema, fields);
    if (await isImageNameTaken(db, record.name)) throw nameTaken(record.name);
    const image = await storeImage(db, { create: record }, await safePicture(file, isHero(record.name)));
    changed();
    req.log.info(
      { user: req.user?.username, image: image.name, id: image.id, bytes: file.length },
      'image uploaded',
    );
    await recordStaffActivity(db, req, {
      kind: 'image-changed',
      target: `image ${image.name}`,
      detail: { change: 'uploaded' },
    });
    res.status(201).json(image);
  };
}

/** POST /images/{id}/replace: a new picture for the image, and its alt text when given. */
function replacePicture({ db, changed }: ImageParts) {
  return async (req: Request, res: Response) => {
    const id = imageId(req);
    const name = await imageNameOf(db, id);
    if (name === null) throw imageNotFound();
    const { file, fields } = await readPicture(req, res);
    const { altText } = parseBody(imageUpdateSchema, 'altText' in fields ? { altText: fields.altText } : {});
    if (altText !== undefined) requireSlotAltText(name, altText);
    const image = await storeImage(db, { replace: id, altText }, await safePicture(file, isHero(name)));
    changed();
    req.log.info({ user: req.user?.username, image: image.name, id, bytes: file.length }, 'image replaced');
    await recordStaffActivity(db, req, {
      kind: 'image-changed',
      target: `image ${image.name}`,
      detail: { change: 'replaced' },
    });
    res.json(image);
  };
}

/** PUT /images/{id}: the image's record changed. */
function changeImageRecord({ db, changed }: ImageParts) {
  return async (req: Request, res: Response) => {
    const id = imageId(req);
    const image = await updateImage(db, id, parseBody(imageUpdateSchema, req.body ?? {}));
    changed();
    req.log.info({ user: req.user?.username, image: image.name, id }, 'image updated');
    await recordStaffActivity(db, req, {
      kind: 'image-changed',
      target: `image ${image.name}`,
      detail: { change: 'updated' },
    });
    res.json(image);
  };
}

/** DELETE /images/{id}: the image and its picture removed. */
function removeImage({ db, changed }: ImageParts) {
  return async (req: Request, res: Response) => {
    const id = imageId(req);
    if (!(await deleteImage(db, id))) throw imageNotFound();
    changed();
    req.log.info({ user: req.user?.username, id }, 'image deleted');
    await recordStaffActivity(db, req, {
      kind: 'image-changed',
      target: `image ${id}`,
      detail: { change: 'deleted' },
    });
    res.status(204).end();
  };
}

/**
 * POST /upload-hero: the hero page sends only a picture, so the record keeps its alt text, or
 * gets the slot's own.
 */
function uploadHero({ db, changed }: ImageParts) {
  return async (req: Request, res: Response) => {
    const { file } = await readPicture(req, res);
    const picture = await safePicture(file, true);
    const slot = imageSlots['hero-background'];
    const image = await storeImage(
      db,
      { upsert: { name: 'hero-background', altText: slot.defaultAlt, section: slot.section } },
      picture,
    );
    changed();
    req.log.info(
      { user: req.user?.username, image: image.name, id: image.id, bytes: file.length },
      'hero background updated',
    );
    await recordStaffActivity(db, req, {
      kind: 'image-changed',
      target: `image ${image.name}`,
      detail: { change: 'replaced' },
    });
    res.json(image);
  };
}

/**
 * GET /images/{name}: the picture of a named image, or the shipped one of a named slot.
 * The hero background is also the site's social share image, so it is a 1200x630 JPEG.
 */
function namedPicture({ db }: ImageParts) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const name = String(req.params.name);
    const stored = await namedMedia(db, name);
    if (stored) {
      sendPicture(req, res, stored, 'public, max-age=300');
      return;
    }
    if (!isImageSlotName(name)) throw new HttpError(404, 'No image has that name.');
    const file = isHero(name) ? 'share-image.jpg' : `${name}-800.webp`;
    res.set('Cache-Control', 'public, max-age=300');
    res.sendFile(path.join(fallbackDir(), file), (error) => {
      if (error) next(error);
    });
  };
}
