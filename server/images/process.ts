import crypto from 'node:crypto';
import type { Metadata, OutputInfo, Sharp as SharpInstance } from 'sharp';
import { imageUploadMaxBytes } from '#common/images/images.ts';
import { decodeGate } from './decode-gate.ts';

/** Limits of an uploaded picture. */
export const imageLimits = {
  /** Bytes of the upload itself. */
  maxBytes: imageUploadMaxBytes,
  /**
   * Pixels of the picture, read from its header before it is decoded: 24 megapixels is twice a
   * phone camera's photo (4032 x 3024), and its pixels alone are 72 MB; a 1600 x 16000 PNG of
   * 100 kB (25.6) is refused before it costs anything.
   */
  maxPixels: 24_000_000,
  /** The largest rendition kept; a hero background never needs more. */
  maxWidth: 2560,
} as const;

/** Widths of the smaller renditions, for srcset. */
const variantWidths = [640, 960, 1280, 1920] as const;

/** A picture refused, with the status the API answers and a sentence for the staff member. */
export class ImageRejectedError extends Error {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

export const notAnImageMessage =
  'The file is not a picture we can use. Please upload a JPEG, PNG, WebP, AVIF or GIF image.';
export const tooManyPixelsMessage = `The picture is too large. Please upload one of at most ${imageLimits.maxPixels / 1_000_000} megapixels.`;

/** Size of the social share picture (Open Graph's recommended 1.91:1). */
export const shareImageSize = { width: 1200, height: 630 } as const;

export type ImageVariant = {
  width: number;
  height: number;
  contentType: 'image/webp' | 'image/jpeg';
  contentHash: string;
  bytes: Buffer;
};

export type ProcessedImage = {
  /** Size of the largest rendition. */
  width: number;
  height: number;
  /** Largest first. */
  variants: ImageVariant[];
  /** The social share picture, when asked for: a JPEG, which every network reads. */
  share?: ImageVariant;
};

const hashOf = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** What sharp may decode: JPEG, PNG, WebP, AVIF and GIF. AVIF is HEIF with AV1 compression. */
function isAcceptedFormat(metadata: Metadata): boolean {
  if (metadata.format === 'heif') return metadata.compression === 'av1';
  return ['jpeg', 'png', 'webp', 'gif'].includes(metadata.format ?? '');
}

const decoderOptions = { limitInputPixels: imageLimits.maxPixels, failOn: 'warning' } as const;

/**
 * sharp is loaded with the first picture, not at start: it and libvips add about 14 MB to every
 * process, most of which never process a picture (docs/decisions/006-embedded-database-memory.md).
 */
const loadSharp = async () => (await import('sharp')).default;

type Sharp = Awaited<ReturnType<typeof loadSharp>>;

/**
 * Reads the picture's header only (sharp's metadata decodes no pixels): what is not one of the
 * accepted formats is 415, a picture over the pixel limit 413, before anything is decoded.
 */
async function checkHeader(sharp: Sharp, input: Buffer): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input, decoderOptions).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError(413, tooManyPixelsMessage);
    }
    throw new ImageRejectedError(415, notAnImageMessage);
  }
  if (!isAcceptedFormat(metadata)) throw new ImageRejectedError(415, notAnImageMessage);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > imageLimits.maxPixels) {
    throw new ImageRejectedError(413, tooManyPixelsMessage);
  }
}

/**
 * Decodes an uploaded file in full and turns it upright by its EXIF orientation, at up to
 * `maxWidth` pixels wide: what decodes as one of the accepted formats is a picture, whatever its
 * name or claimed type (SVG, HTML and polyglots are not). Only after checkHeader.
 */
async function decodeUpright(sharp: Sharp, input: Buffer, maxWidth: number) {
  try {
    // Decoded once, in full: a truncated or corrupt file fails here rather than half-rendered.
    const upright = await sharp(input, decoderOptions)
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    return { upright, raw: () => sharp(upright.data, { raw: { width, height, channels } }) };
  } catch {
    throw new ImageRejectedError(415, notAnImageMessage);
  }
}

/**
 * Checks the picture's header, then decodes and encodes it through the process's decode gate
 * (two at once, a bounded queue, else a 503): many large pictures at once wait their turn rather
 * than each holding its decoded pixels together.
 */
async function decodeChecked<T>(
  input: Buffer,
  maxWidth: number,
  encode: (decoded: Awaited<ReturnType<typeof decodeUpright>>) => Promise<T>,
): Promise<T> {
  const sharp = await loadSharp();
  await checkHeader(sharp, input);
  return decodeGate.run(async () => encode(await decodeUpright(sharp, input, maxWidth)));
}

/**
 * A private picture (a job's photo, a signature): decoded and encoded afresh as one WebP without
 * any metadata (camera, GPS position), at up to 1600 pixels wide, enough to read a sidewall.
 */
export function processPrivatePicture(input: Buffer): Promise<Omit<ImageVariant, 'contentHash'>> {
  return decodeChecked(input, 1600, async ({ raw }) => {
    const { data, info } = await raw().webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, contentType: 'image/webp' as const, bytes: data };
  });
}

/**
 * Makes an uploaded file safe to serve (decodeUpright), encoded afresh as WebP without any
 * metadata, at up to `maxWidth` pixels wide plus smaller widths for srcset.
 */
export function processImage(
  input: Buffer,
  { share = false }: { share?: boolean } = {},
): Promise<ProcessedImage> {
  return decodeChecked(input, imageLimits.maxWidth, ({ upright, raw }) =>
    encodeRenditions(upright.info, raw, share),
  );
}

async function encodeRenditions(
  { width, height }: OutputInfo,
  raw: () => SharpInstance,
  share: boolean,
): Promise<ProcessedImage> {
  const widths = [width, ...variantWidths.filter((candidate) => candidate < width).reverse()];
  const variant = (
    contentType: ImageVariant['contentType'],
    { data, info }: { data: Buffer; info: OutputInfo },
  ): ImageVariant => ({
    width: info.width,
    height: info.height,
    contentType,
    contentHash: hashOf(data),
    bytes: data,
  });
  const [variants, shareVariant] = await Promise.all([
    Promise.all(
      widths.map(async (targetWidth) =>
        variant(
          'image/webp',
          await raw()
            .resize({ width: targetWidth })
            .webp({ quality: 80 })
            .toBuffer({ resolveWithObject: true }),
        ),
      ),
    ),
    share
      ? raw()
          .resize({ ...shareImageSize, fit: 'cover', position: 'attention' })
          .flatten({ background: '#1E293B' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer({ resolveWithObject: true })
          .then((output) => variant('image/jpeg', output))
      : undefined,
  ]);
  return { width, height, variants, ...(shareVariant && { share: shareVariant }) };
}
