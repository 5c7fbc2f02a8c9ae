import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageLimits, notAnImageMessage, processImage, tooManyPixelsMessage } from './process.ts';

/** A picture with some detail (a gradient), so that encoders have something to encode. */
function gradient(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = (index % width) % 256;
    pixels[index * 3 + 1] = Math.floor(index / width) % 256;
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A PNG header claiming `width` x `height`, with no picture behind it. */
function pngHeader(width: number, height: number): Buffer {
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

async function expectRefused(input: Buffer, status: number, message: string) {
  await expect(processImage(input)).rejects.toMatchObject({ name: 'ImageRejectedError', status, message });
}

describe('processing an uploaded picture', () => {
  it('re-encodes a PNG as WebP at its own width and the smaller srcset widths', async () => {
    const result = await processImage(await gradient(1400, 700).png().toBuffer());
    expect(result).toMatchObject({ width: 1400, height: 700 });
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [1400, 700],
      [1280, 640],
      [960, 480],
      [640, 320],
    ]);
    for (const variant of result.variants) {
      expect(variant.contentType).toBe('image/webp');
      expect((await sharp(variant.bytes).metadata()).format).toBe('webp');
      expect(variant.contentHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('keeps no metadata of a JPEG (GPS position included) and turns it upright', async () => {
    const photo = await gradient(400, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 34/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '0/1 13/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    const [largest] = (await processImage(photo)).variants;
    const metadata = await sharp(largest!.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(largest!.bytes.toString('latin1')).not.toContain('PhoneMaker');
    // Orientation 6: the camera held sideways, so the upright picture is tall.
    expect([largest!.width, largest!.height]).toEqual([200, 400]);
  });

  it('narrows a very wide picture to the largest width kept', async () => {
    const result = await processImage(await gradient(3000, 1000).webp().toBuffer());
    expect(result.width).toBe(imageLimits.maxWidth);
    expect(result.variants[0]!.width).toBe(imageLimits.maxWidth);
  });

  it('accepts GIF and AVIF', async () => {
    for (const encoded of [
      await gradient(300, 200).gif().toBuffer(),
      await gradient(300, 200).avif().toBuffer(),
    ]) {
      expect((await processImage(encoded)).variants[0]!.width).toBe(300);
    }
  });

  it('refuses an HTML page renamed as a picture', async () => {
    await expectRefused(Buffer.from('<!doctype html><script>alert(1)</script>'), 415, notAnImageMessage);
  });

  it('refuses SVG, scripts or not', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    await expectRefused(Buffer.from(svg), 415, notAnImageMessage);
  });

  it('refuses a truncated PNG', async () => {
    const png = await gradient(600, 400).png().toBuffer();
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), 415, notAnImageMessage);
  });

  it('refuses a polyglot: a PNG header followed by HTML', async () => {
    const png = await gradient(16, 16).png().toBuffer();
    await expectRefused(
      Buffer.concat([png.subarray(0, 33), Buffer.from('<html><script>alert(1)</script></html>')]),
      415,
      notAnImageMessage,
    );
  });

  it('refuses a 20000 x 20000 picture from its header, without decoding it', async () => {
    // Only a header and a few bytes of data: refused by its claimed size, never decoded.
    await expectRefused(pngHeader(20_000, 20_000), 413, tooManyPixelsMessage);
    await expectRefused(pngHeader(7_000, 7_000), 413, tooManyPixelsMessage);
  });
});
