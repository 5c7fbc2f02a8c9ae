import type { Request, RequestHandler, Response } from 'express';
import type { Database } from '../db/client.ts';
import { mediaByHash, mediaExists, type MediaFile } from './service.ts';

/**
 * Renditions served lately, by content hash, up to a total size. Bytes never change under their
 * hash, so a copy cannot be stale; whether the picture still exists is asked of the database on
 * every request (an index lookup), so a deleted picture is gone at once, in every process.
 * Reading the bytes themselves costs far more (tens of milliseconds for 300 kB on PGlite).
 */
export class MediaCache {
  private readonly entries = new Map<string, MediaFile>();
  private size = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(hash: string): MediaFile | undefined {
    const entry = this.entries.get(hash);
    if (entry) {
      // The most recently used go last; eviction starts from the front.
      this.entries.delete(hash);
      this.entries.set(hash, entry);
    }
    return entry;
  }

  set(hash: string, file: MediaFile): void {
    if (file.bytes.length > this.maxBytes || this.entries.has(hash)) return;
    this.entries.set(hash, file);
    this.size += file.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.delete(oldest, entry);
    }
  }

  forget(hash: string): void {
    const entry = this.entries.get(hash);
    if (entry) this.delete(hash, entry);
  }

  private delete(hash: string, entry: MediaFile) {
    this.entries.delete(hash);
    this.size -= entry.bytes.length;
  }

  get bytes(): number {
    return this.size;
  }
}

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
 * any CDN in front.
 */
export function mediaHandler(db: Database, cache = new MediaCache()): RequestHandler {
  return async (req, res, next) => {
    const match = mediaPath.exec(String(req.params.file));
    if (!match) {
      next();
      return;
    }
    const contentHash = match[1]!;
    let file = cache.get(contentHash);
    if (file && !(await mediaExists(db, contentHash))) {
      cache.forget(contentHash);
      file = undefined;
    } else if (!file) {
      file = (await mediaByHash(db, contentHash)) ?? undefined;
      if (file) cache.set(contentHash, file);
    }
    const extension = file?.contentType === 'image/jpeg' ? 'jpg' : 'webp';
    if (!file || extension !== match[2]) {
      res.set('Cache-Control', 'no-store').status(404).type('text/plain').send('Not found');
      return;
    }
    sendPicture(req, res, { ...file, contentHash }, 'public, max-age=31536000, immutable');
  };
}
