import zlib from 'node:zlib';
import sharp from 'sharp';
import { decodeGate, decodeGateLimits } from '#server/images/decode-gate.ts';

/** A picture with some detail (a gradient), so that encoders have something to encode. */
export function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = (index % width) % 256;
    pixels[index * 3 + 1] = Math.floor(index / width) % 256;
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** EXIF as a phone writes it: the camera and where the photo was taken. */
export const phoneExif = {
  IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 34/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '0/1 13/1 0/1',
  },
};

/** A PNG header claiming `width` x `height`, with no picture behind it. */
export function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const htmlPage = Buffer.from('<!doctype html><script>alert(1)</script>');
export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/**
 * Takes every place of the process's decode gate, its two decodes and its queue, until the
 * returned function gives them back: the next picture to decode finds the queue full.
 */
export function fillDecodeGate(): () => Promise<void> {
  let giveBack!: () => void;
  const held = new Promise<void>((resolve) => (giveBack = resolve));
  const places = Array.from({ length: decodeGateLimits.running + decodeGateLimits.waiting }, () =>
    decodeGate.run(() => held),
  );
  return async () => {
    giveBack();
    await Promise.all(places);
  };
}

/**
 * A real PNG of `width` x `height` pixels of one grey, which compresses to almost nothing: 1600 x
 * 16000 is about 100 kB, and 77 MB once decoded.
 */
export const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
