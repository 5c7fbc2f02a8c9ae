import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../http/errors.ts';

/** A price file of 50,000 tyres is about 8 MB; twelve times that is more than any supplier sends. */
const maxPriceFileBytes = 100 * 1024 * 1024;

const priceFileTooLargeMessage = 'The file is larger than 100 MB. Split it, or send the sizes you sell.';

/** A price file received: where it waits on disk for the import, and the text fields beside it. */
export type PriceFileUpload = {
  file: string;
  fileName: string;
  fields: Record<string, string>;
  remove(): void;
};

/**
 * Where price files wait for their import: a folder per upload, named for the server process
 * that received it, so that a process starting finds the folders left by one that stopped
 * (another process on the same machine may be receiving one of its own meanwhile).
 */
export const priceFileUploadsRoot = () => path.join(os.tmpdir(), 'tyre-imports');

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * At start: removes the price files left by a server process that stopped while receiving or
 * importing one (and any of this process's, which has none under way yet). Answers how many
 * folders went.
 */
export function removeLeftoverUploads(root = priceFileUploadsRoot()): number {
  let entries: string[];
  try {
    entries = fs.readdirSync(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const pid = Number(/^(\d+)-/.exec(entry)?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) continue;
    fs.rmSync(path.join(root, entry), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

const unreadable = () => new HttpError(400, 'The upload could not be read. Please try again.');

/**
 * Reads `multipart/form-data` with the price file in the field `file`, streaming it to a file of
 * its own in the uploads folder (the import reads it from there after the answer has gone), and
 * a few short text fields. An upload cancelled or cut off leaves nothing behind.
 */
export function readPriceFileUpload(req: Request): Promise<PriceFileUpload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(
      new HttpError(415, 'Send the price file as multipart/form-data, in the field file.'),
    );
  }
  const root = priceFileUploadsRoot();
  fs.mkdirSync(root, { recursive: true });
  const folder = fs.mkdtempSync(path.join(root, `${process.pid}-`));
  const remove = () => fs.rmSync(folder, { recursive: true, force: true });
  return new Promise<PriceFileUpload>((resolve, reject) => {
    let settled = false;
    let saved: Promise<{ fileName: string; tooLarge: boolean }> | null = null;
    let fileStream: Readable | null = null;
    let parser: busboy.Busboy | undefined;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      if (parser) req.unpipe(parser);
      fileStream?.destroy();
      // The file is removed once nothing writes to it any more.
      void (saved ?? Promise.resolve()).then(remove, remove);
      reject(error);
    };
    // The client went away before the whole body came: what came of the file is removed.
    req.on('close', () => {
      if (!req.complete) fail(new HttpError(400, 'The upload was cut off before the whole file came.'));
    });
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxPriceFileBytes, files: 1, fields: 8, fieldSize: 1024, parts: 9 },
      });
    } catch {
      fail(unreadable());
      return;
    }
    const fields: Record<string, string> = {};
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
      fileStream = stream;
      const target = path.join(folder, 'prices.csv');
      saved = pipeline(stream, fs.createWriteStream(target)).then(() => ({
        fileName: path.basename(info.filename || 'prices.csv').slice(0, 200),
        tooLarge,
      }));
    });
    parser.on('error', () => fail(unreadable()));
    parser.on('close', () => {
      if (!saved) {
        fail(new HttpError(400, 'Choose a price file to send (the field file).'));
        return;
      }
      saved.then(
        ({ fileName, tooLarge }) => {
          if (tooLarge) fail(new HttpError(413, priceFileTooLargeMessage));
          else if (!settled) {
            settled = true;
            resolve({ file: path.join(folder, 'prices.csv'), fileName, fields, remove });
          }
        },
        () => fail(unreadable()),
      );
    });
    req.pipe(parser);
  });
}
