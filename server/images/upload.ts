import busboy from 'busboy';
import type { Request, Response } from 'express';
import { imageTooLargeMessage } from '#common/images/images.ts';
import { HttpError } from '../http/errors.ts';
import { decodeGateLimits, PicturesBusyError } from './decode-gate.ts';
import { ImageRejectedError, imageLimits } from './process.ts';

/** An upload read off a multipart request: the picture's bytes and the text fields beside it. */
type ImageUpload = { file: Buffer | null; fields: Record<string, string> };

/**
 * Past this many bytes of request the connection is cut rather than read to its end. Up to it, a
 * file over the cap is read and thrown away (never kept), so the browser gets to read the 413
 * instead of a broken connection.
 */
const uploadDrainLimit = 64 * 1024 * 1024;

/**
 * Bytes of uploads held in memory right now (from the first byte read until the upload is
 * answered), and the most ever held at once since `peak` was last reset: the proof that the cap
 * bounds memory, whatever is sent.
 */
export const uploadBuffers = { inUse: 0, peak: 0 };

/**
 * The bytes of uploads the process holds at once, whoever sends them: past it, an upload is
 * answered 503 with Retry-After and the rest of it read and dropped. Without it, forty phone
 * photos sent at once were all held together (about 110 MB, twice that while each was joined
 * into one buffer), whatever the decode gate let through. 24 MB is two of the largest uploads
 * being decoded, or eight phone photos of 3 MB: about what the decode gate takes at once.
 */
export const uploadMemoryLimit = 24 * 1024 * 1024;

function hold(bytes: number) {
  uploadBuffers.inUse += bytes;
  uploadBuffers.peak = Math.max(uploadBuffers.peak, uploadBuffers.inUse);
}

const fileField = 'image';
const unreadable = () => new HttpError(400, 'The upload could not be read. Please try again.');
const tooLarge = () => new HttpError(413, imageTooLargeMessage);

/**
 * Asked with the text fields sent before the picture, as the picture starts: a refusal (an
 * HttpError) answers the upload, whose picture is then read to its end but not kept.
 */
type BeforePicture = (fieldsSoFar: Record<string, string>) => Promise<HttpError | null>;

/**
 * Reads `multipart/form-data` as it streams in: the one file field `image` is collected up to the
 * upload cap (10 MB) and dropped at once beyond it; a few short text fields are kept.
 */
function readImageUpload(
  req: Request,
  res: Response,
  { beforePicture }: { beforePicture?: BeforePicture } = {},
): Promise<ImageUpload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new HttpError(415, 'Send the picture as multipart/form-data.'));
  }
  // Beyond the drain limit the rest is not read: the connection ends with the answer.
  const refuseAndClose = () => {
    res.setHeader('Connection', 'close');
    return tooLarge();
  };
  if (Number(req.headers['content-length'] ?? 0) > uploadDrainLimit) {
    return Promise.reject(refuseAndClose());
  }

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: imageLimits.maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 9 },
      });
    } catch {
      reject(unreadable());
      return;
    }

    const fields: Record<string, string> = {};
    let chunks: Buffer[] | null = null;
    let held = 0;
    const release = () => {
      uploadBuffers.inUse -= held;
      held = 0;
      chunks = null;
    };
    let problem: HttpError | null = null;
    /** The answer of `beforePicture`, awaited before the upload is handed over. */
    let asked: Promise<void> = Promise.resolve();
    let askFailed: { error: unknown } | null = null;
    const fail = (error: HttpError) => {
      // The first problem is the one reported; a file over the cap outweighs anything else.
      if (!problem || error.status === 413) problem = error;
      release();
    };

    parser.on('file', (name, stream) => {
      if (name !== fileField) {
        fail(new HttpError(400, `Send the picture in the field '${fileField}'.`));
        stream.resume();
        return;
      }
      chunks = [];
      if (beforePicture) {
        asked = beforePicture({ ...fields }).then(
          (refusal) => {
            if (refusal) fail(refusal);
          },
          (error: unknown) => {
            askFailed = { error };
            release();
          },
        );
      }
      stream.on('data', (chunk: Buffer) => {
        if (!chunks) return;
        if (uploadBuffers.inUse + chunk.length > uploadMemoryLimit) {
          fail(new PicturesBusyError(decodeGateLimits.retryAfterSeconds));
          return;
        }
        chunks.push(chunk);
        held += chunk.length;
        hold(chunk.length);
      });
      stream.on('limit', () => fail(tooLarge()));
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new HttpError(400, `The field '${name}' is too long.`));
      else fields[name] = value;
    });
    for (const event of ['filesLimit', 'fieldsLimit', 'partsLimit'] as const) {
      parser.on(event, () => fail(new HttpError(400, 'Send one picture and at most a few short fields.')));
    }
    parser.on('error', () => {
      req.unpipe(parser);
      release();
      reject(problem ?? unreadable());
    });
    parser.on('close', () => {
      void asked.then(() => {
        if (askFailed) reject(askFailed.error);
        else if (problem) reject(problem);
        else {
          const file = chunks ? Buffer.concat(chunks) : null;
          // From here the route holds the file, counted as held until the upload is answered.
          chunks = null;
          resolve({ file, fields });
        }
      });
    });
    res.on('close', release);

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > uploadDrainLimit) {
        req.unpipe(parser);
        release();
        req.removeAllListeners('data');
        req.pause();
        reject(refuseAndClose());
      }
    });
    // The client went away before the end of its upload.
    req.on('close', () => {
      if (req.complete) return;
      release();
      reject(unreadable());
    });
    req.pipe(parser);
  });
}

/** The picture and text fields of a multipart upload; a request without a picture is refused. */
export async function readPicture(
  req: Request,
  res: Response,
  options?: { beforePicture?: BeforePicture },
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const { file, fields } = await readImageUpload(req, res, options);
  if (!file || file.length === 0) {
    throw new HttpError(400, 'Please select an image file to upload', { image: ['Choose a picture'] });
  }
  return { file, fields };
}

/** Work on an uploaded picture, whose refusal (process.ts) is answered with its status, 413 or 415. */
export async function asHttpRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new HttpError(error.status, error.message);
    throw error;
  }
}
