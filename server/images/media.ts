import type { Request, RequestHandler, Response } from 'express';
import type { Database } from '../db/client.ts';
import { mediaByHash, type MediaFile } from './service.ts';

/** Sends a picture with a strong ETag (its hash); a browser that has it gets 304. */
export function sendPicture(
  req: Request,
  res: Response,
  file: MediaFile & { contentHash: string },
  cacheControl: string,
): void {
  res.set({
    'Content-Type': file.contentType,
    'Cache-Control': cacheControl,
    ETag: `"${file.contentHash}"`,
    'X-Content-Type-Options': 'nosniff',
    // Nothing in a picture runs, whatever a browser makes of it.
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(file.bytes);
}

const mediaPath = /^([0-9a-f]{64})\.(webp|jpg)$/;

/**
 * GET /media/<sha256>.<webp|jpg>: an uploaded picture's bytes, cached for a year by browsers and
 * any CDN in front. Nothing is kept in memory here: a deleted picture is gone at once.
 */
export function mediaHandler(db: Database): RequestHandler {
  return async (req, res, next) => {
    const match = mediaPath.exec(String(req.params.file));
    if (!match) {
      next();
      return;
    }
    const contentHash = match[1]!;
    const file = await mediaByHash(db, contentHash);
    const extension = file?.contentType === 'image/jpeg' ? 'jpg' : 'webp';
    if (!file || extension !== match[2]) {
      res.set('Cache-Control', 'no-store').status(404).type('text/plain').send('Not found');
      return;
    }
    sendPicture(req, res, { ...file, contentHash }, 'public, max-age=31536000, immutable');
  };
}
