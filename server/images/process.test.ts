import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  fillDecodeGate,
  flatPng,
  gradient,
  htmlPage,
  phoneExif,
  pngHeader,
  svgWithScript,
} from '#tests/support/pictures.ts';
import { decodeBusyMessage, decodeGate } from './decode-gate.ts';
import {
  imageLimits,
  notAnImageMessage,
  processImage,
  processPrivatePicture,
  shareImageSize,
  tooManyPixelsMessage,
} from './process.ts';

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
      .withExif(phoneExif)
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

  it('makes a 1200 x 630 JPEG share picture when asked, without metadata', async () => {
    const photo = await gradient(1000, 1000).jpeg().withExif(phoneExif).toBuffer();
    expect((await processImage(photo)).share).toBeUndefined();
    const { share } = await processImage(photo, { share: true });
    expect(share).toMatchObject({ ...shareImageSize, contentType: 'image/jpeg' });
    const metadata = await sharp(share!.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
      'jpeg',
      shareImageSize.width,
      shareImageSize.height,
      undefined,
    ]);
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
    await expectRefused(htmlPage, 415, notAnImageMessage);
  });

  it('refuses SVG, scripts or not', async () => {
    await expectRefused(svgWithScript, 415, notAnImageMessage);
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

  it('refuses more than 24 megapixels from the header, before decoding, even while the decode gate is full', async () => {
    expect(tooManyPixelsMessage).toBe(
      'The picture is too large. Please upload one of at most 24 megapixels.',
    );
    const giveBack = fillDecodeGate();
    try {
      // 1600 x 16000 is 25.6 megapixels: about 100 kB of PNG, 77 MB decoded.
      const tall = await flatPng(1600, 16_000);
      expect(tall.length).toBeLessThan(120_000);
      for (const process of [processImage, processPrivatePicture]) {
        for (const picture of [tall, pngHeader(1600, 16_000), pngHeader(4000, 6001)]) {
          await expect(process(picture)).rejects.toMatchObject({
            status: 413,
            message: tooManyPixelsMessage,
          });
        }
        // Not a picture: told from its header too, without waiting for the gate.
        await expect(process(htmlPage)).rejects.toMatchObject({ status: 415 });
      }
      expect([decodeGate.running, decodeGate.waiting]).toEqual([2, 8]);
    } finally {
      await giveBack();
    }
  });

  it('decodes a picture of exactly 24 megapixels', async () => {
    const photo = await processPrivatePicture(await flatPng(4000, 6000));
    expect([photo.width, photo.height]).toEqual([1600, 2400]);
  });

  it('decodes through the gate: with two decoding and eight waiting, the next is refused with 503', async () => {
    const photo = await gradient(400, 300).jpeg().toBuffer();
    const giveBack = fillDecodeGate();
    try {
      for (const process of [processImage, processPrivatePicture]) {
        await expect(process(photo)).rejects.toMatchObject({
          status: 503,
          retryAfterSeconds: 5,
          message: decodeBusyMessage,
        });
      }
    } finally {
      await giveBack();
    }
    expect((await processPrivatePicture(photo)).width).toBe(400);
    expect([decodeGate.running, decodeGate.waiting]).toEqual([0, 0]);
  });
});
