import busboy from 'busboy';
import type { Request, Response } from 'express';
import { imageTooLargeMessage } from '#common/images.ts';
import { HttpError } from '../http/errors.ts';
import { imageLimits } from './process.ts';

/** An upload read off a multipart request: the picture's bytes and the text fields beside it. */
export type ImageUpload = { file: Buffer | null; fields: Record<string, string> };

/**
 * Past this many bytes of request the connection is cut rather than read to its end. Up to it, a
 * file over the cap is read and thrown away (never kept), so the browser gets to read the 413
 * instead of a broken connection.
 */
export const uploadDrainLimit = 64 * 1024 * 1024;

const fileField = 'image';
const unreadable = () => new HttpError(400, 'The upload could not be read. Please try again.');
const tooLarge = () => new HttpError(413, imageTooLargeMessage);

/**
 * Reads `multipart/form-data` as it streams in: the one file field `image` is collected up to the
 * upload cap (10 MB) and dropped at once beyond it; a few short text fields are kept.
 */
export function readImageUpload(req: Request, res: Response): Promise<ImageUpload> {
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
    let problem: HttpError | null = null;
    const fail = (error: HttpError) => {
      // The first problem is the one reported; a file over the cap outweighs anything else.
      if (!problem || error.status === 413) problem = error;
      chunks = null;
    };

    parser.on('file', (name, stream) => {
      if (name !== fileField) {
        fail(new HttpError(400, `Send the picture in the field '${fileField}'.`));
        stream.resume();
        return;
      }
      chunks = [];
      stream.on('data', (chunk: Buffer) => chunks?.push(chunk));
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
      reject(problem ?? unreadable());
    });
    parser.on('close', () => {
      if (problem) reject(problem);
      else resolve({ file: chunks ? Buffer.concat(chunks) : null, fields });
    });

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > uploadDrainLimit) {
        req.unpipe(parser);
        req.removeAllListeners('data');
        req.pause();
        reject(refuseAndClose());
      }
    });
    req.on('aborted', () => reject(unreadable()));
    req.pipe(parser);
  });
}
