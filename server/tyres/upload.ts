import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../http/errors.ts';

/** A price file of 50,000 tyres is about 8 MB; twelve times that is more than any supplier sends. */
export const maxPriceFileBytes = 100 * 1024 * 1024;

export const priceFileTooLargeMessage =
  'The file is larger than 100 MB. Split it, or send the sizes you sell.';

/** A price file received: where it waits on disk for the import, and the text fields beside it. */
export type PriceFileUpload = {
  file: string;
  fileName: string;
  fields: Record<string, string>;
  remove(): void;
};

/**
 * Reads `multipart/form-data` with the price file in the field `file`, streaming it to a file of
 * its own in the system's temporary folder (the import reads it from there after the answer has
 * gone), and a few short text fields.
 */
export function readPriceFileUpload(req: Request): Promise<PriceFileUpload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new HttpError(415, 'Send the price file as multipart/form-data, in the field file.'),
    );
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tyre-import-'));
  const remove = () => fs.rmSync(folder, { recursive: true, force: true });
  return new Promise<PriceFileUpload>((resolve, reject) => {
    const fail = (error: HttpError) => {
      remove();
      reject(error);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxPriceFileBytes, files: 1, fields: 8, fieldSize: 1024, parts: 9 },
      });
    } catch {
      fail(new HttpError(400, 'The upload could not be read. Please try again.'));
      return;
    }
    const fields: Record<string, string> = {};
    let saved: Promise<{ fileName: string; tooLarge: boolean }> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || saved) {
        stream.resume();
        return;
      }
      let tooLarge = false;
      stream.on('limit', () => {
        tooLarge = true;
      });
      const target = path.join(folder, 'prices.csv');
      saved = pipeline(stream, fs.createWriteStream(target)).then(() => ({
        fileName: path.basename(info.filename || 'prices.csv').slice(0, 200),
        tooLarge,
      }));
    });
    parser.on('error', () => fail(new HttpError(400, 'The upload could not be read. Please try again.')));
    parser.on('close', () => {
      if (!saved) {
        fail(new HttpError(400, 'Choose a price file to send (the field file).'));
        return;
      }
      saved.then(
        ({ fileName, tooLarge }) => {
          if (tooLarge) fail(new HttpError(413, priceFileTooLargeMessage));
          else resolve({ file: path.join(folder, 'prices.csv'), fileName, fields, remove });
        },
        () => fail(new HttpError(400, 'The upload could not be read. Please try again.')),
      );
    });
    req.pipe(parser);
  });
}
