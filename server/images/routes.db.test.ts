import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { altTextRequiredMessage } from '#common/images/fields.ts';
import { imageTooLargeMessage, type StoredImage } from '#common/images/images.ts';
import {
  fillDecodeGate,
  flatPng,
  gradient,
  htmlPage,
  pngHeader,
  svgWithScript,
} from '#tests/support/pictures.ts';
import { decodeBusyMessage } from './decode-gate.ts';
import { crossSiteMessage } from '../auth/guard.ts';
import { imageLimits, notAnImageMessage, tooManyPixelsMessage } from './process.ts';
import { uploadBuffers, uploadMemoryLimit } from './upload.ts';
import { useImagesApp } from '#tests/support/images-app.ts';

const {
  fixture,
  photoJpeg,
  photoPng,
  upload,
  uploadNew,
  getBytes,
  storedCounts,
  collectGarbage,
  postLargeUpload,
} = useImagesApp();

describe('uploading a picture', () => {
  it('turns a JPEG with a GPS position into WebP renditions without any metadata, served from /media', async () => {
    const photo = await photoJpeg();
    expect(photo.toString('latin1')).toContain('PhoneMaker');
    const response = await uploadNew(photo, { section: 'services' }).expect(201);
    const image = response.body as StoredImage;
    expect(image).toMatchObject({
      name: 'tyre-replacement',
      altText: 'A new tyre',
      section: 'services',
      width: 1600,
      height: 900,
    });
    expect(image.url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    expect(image.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '1600w',
      '1280w',
      '960w',
      '640w',
    ]);

    const served = await getBytes(image.url!).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toBe(`"${image.url!.slice(7, 71)}"`);
    const bytes = served.body as Buffer;
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.exif, metadata.xmp]).toEqual([
      'webp',
      1600,
      undefined,
      undefined,
    ]);
    expect(bytes.toString('latin1')).not.toContain('PhoneMaker');

    await request(fixture.app).get(image.url!).set('If-None-Match', served.headers.etag!).expect(304);
    const listed = await request(fixture.app).get('/api/images').expect(200);
    expect(listed.body).toEqual([image]);
  });

  it('does the same for a PNG carrying EXIF', async () => {
    const photo = await photoPng();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = (await uploadNew(photo, {}, 'photo.png').expect(201)).body as StoredImage;
    const bytes = (await getBytes(image.url!).expect(200)).body as Buffer;
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('PhoneMaker');
  });

  it.each([
    ['an HTML page named photo.png', htmlPage, 'photo.png'],
    ['an SVG with a script', svgWithScript, 'logo.svg'],
  ])('refuses %s with 415 and stores nothing', async (_label, file, filename) => {
    const response = await uploadNew(file, {}, filename).expect(415);
    expect(response.body).toEqual({ error: notAnImageMessage });
    expect(await storedCounts()).toEqual({ images: 0, variants: 0 });
  });

  it('refuses a truncated PNG with 415', async () => {
    const png = await gradient(600, 400).png().toBuffer();
    const response = await uploadNew(png.subarray(0, png.length / 2), {}, 'photo.png').expect(415);
    expect(response.body).toEqual({ error: notAnImageMessage });
    expect(await storedCounts()).toEqual({ images: 0, variants: 0 });
  });

  it('refuses a 20000 x 20000 PNG from its header with 413', async () => {
    const response = await uploadNew(pngHeader(20_000, 20_000), {}, 'huge.png').expect(413);
    expect(response.body).toEqual({ error: tooManyPixelsMessage });
    expect(await storedCounts()).toEqual({ images: 0, variants: 0 });
  });

  it('refuses 20 MB with 413, holding no more than the 10 MB cap in memory on the way', async () => {
    const server = fixture.app.listen(0);
    const megabyte = 1024 * 1024;
    try {
      const { port } = server.address() as AddressInfo;
      // The upload counts every byte it holds (`uploadBuffers`); that count is the measure, since
      // the process's memory figures, even its array buffers, move with the test files other
      // threads run meanwhile (they are printed for the log only).
      collectGarbage();
      const before = process.memoryUsage().arrayBuffers;
      uploadBuffers.peak = 0;
      const result = await postLargeUpload(port, 20 * megabyte);
      collectGarbage();
      const after = process.memoryUsage().arrayBuffers;
      process.stdout.write(
        `20 MB upload: at most ${(uploadBuffers.peak / megabyte).toFixed(1)} MB of it held at once; ` +
          `array buffers ${(before / megabyte).toFixed(1)} MB before, ${(after / megabyte).toFixed(1)} MB after\n`,
      );
      expect(result).toEqual({ status: 413, body: { error: imageTooLargeMessage } });
      expect(uploadBuffers.peak).toBeGreaterThan(0);
      expect(uploadBuffers.peak).toBeLessThanOrEqual(imageLimits.maxBytes);
      // Everything it held is let go once the request is refused.
      expect(uploadBuffers.inUse).toBe(0);
      expect(await storedCounts()).toEqual({ images: 0, variants: 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 400 without a picture, 415 for a body that is not multipart', async () => {
    expect((await uploadNew(null).expect(400)).body.error).toBe('Please select an image file to upload');
    await request(fixture.app)
      .post('/api/images/upload')
      .set(fixture.staff.headers)
      .send({ name: 'tyre-replacement' })
      .expect(415);
  });

  it('checks the fields: a name of letters, digits and hyphens, alt text for a named slot, no name twice', async () => {
    const photo = await gradient(300, 200).png().toBuffer();
    const badName = await uploadNew(photo, { name: 'Hero Background!' }).expect(400);
    expect(badName.body.fieldErrors.name).toEqual(['Use lower-case letters, digits and single hyphens only']);
    const noAlt = await uploadNew(photo, { altText: '  ' }).expect(400);
    expect(noAlt.body.fieldErrors.altText).toEqual([altTextRequiredMessage]);
    // An image that is not a named slot is not on the public site: no alt text needed.
    await uploadNew(photo, { name: 'van-livery', altText: '' }).expect(201);
    await uploadNew(photo).expect(201);
    const twice = await uploadNew(photo).expect(409);
    expect(twice.body.error).toMatch(/already exists/);
    expect((await storedCounts()).images).toBe(2);
  });
});

describe('many pictures at once', () => {
  /** The three ways a picture is uploaded: a new image, a replacement, the hero. */
  const uploads = async () => {
    const image = (await uploadNew(await photoJpeg()).expect(201)).body as StoredImage;
    return [
      (file: Buffer) => upload('/api/images/upload', file, { name: 'about-image', altText: 'Our van' }),
      (file: Buffer) => upload(`/api/images/${image.id}/replace`, file),
      (file: Buffer) => upload('/api/upload-hero', file),
    ];
  };
  const listed = async () => (await request(fixture.app).get('/api/images').expect(200)).body as unknown;

  it('refuses a 1600 x 16000 PNG from its header with 413, without waiting for the pictures being decoded', async () => {
    const tall = await flatPng(1600, 16_000);
    const sends = await uploads();
    const before = await listed();
    // Every place to decode is taken: a picture that needed decoding would be answered 503.
    const giveBack = fillDecodeGate();
    try {
      for (const send of sends) {
        const response = await send(tall).expect(413);
        expect(response.body).toEqual({ error: tooManyPixelsMessage });
      }
    } finally {
      await giveBack();
    }
    expect(await listed()).toEqual(before);
  });

  it('answers 503 with Retry-After while two pictures are decoding and eight wait, or 24 MB of uploads are held, and takes them again after', async () => {
    const sends = await uploads();
    const before = await listed();
    const photo = await gradient(640, 480).jpeg().toBuffer();
    const giveBack = fillDecodeGate();
    try {
      for (const send of sends) {
        const response = await send(photo).expect(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.body).toEqual({ error: decodeBusyMessage });
      }
    } finally {
      await giveBack();
    }
    expect(await listed()).toEqual(before);
    const [uploadAbout, replace, hero] = sends;
    // The same while other uploads hold as many bytes as the process holds at once.
    uploadBuffers.inUse += uploadMemoryLimit;
    try {
      for (const send of sends) {
        const response = await send(photo).expect(503);
        expect([response.headers['retry-after'], response.body]).toEqual(['5', { error: decodeBusyMessage }]);
      }
    } finally {
      uploadBuffers.inUse -= uploadMemoryLimit;
    }
    expect(uploadBuffers.inUse).toBe(0);
    expect(await listed()).toEqual(before);
    await uploadAbout!(photo).expect(201);
    await replace!(photo).expect(200);
    await hero!(photo).expect(200);
  });
});

describe('who may change pictures', () => {
  const changes = (id: number) =>
    [
      ['post', '/api/images/upload'],
      ['post', `/api/images/${id}/replace`],
      ['post', '/api/upload-hero'],
      ['post', '/api/images'],
      ['put', `/api/images/${id}`],
      ['delete', `/api/images/${id}`],
    ] as const;

  it('answers 401 to anonymous changes and 403 to cross-site ones, and nothing changes', async () => {
    const image = (await uploadNew(await photoJpeg()).expect(201)).body as StoredImage;
    const before = await request(fixture.app).get('/api/images').expect(200);
    const picture = await gradient(300, 200).png().toBuffer();
    for (const [method, url] of changes(image.id)) {
      const agent = request(fixture.app);
      const anonymous = await agent[method](url)
        .set('X-Admin-Request', '1')
        .attach('image', picture, 'a.png');
      expect({ url, status: anonymous.status }).toEqual({ url, status: 401 });
      const crossSite = await agent[method](url)
        .set({ Cookie: fixture.staff.cookie, 'X-Admin-Request': '1', Origin: 'https://attacker.example' })
        .attach('image', picture, 'a.png');
      expect({ url, status: crossSite.status, body: crossSite.body }).toEqual({
        url,
        status: 403,
        body: { error: crossSiteMessage },
      });
    }
    expect((await request(fixture.app).get('/api/images').expect(200)).body).toEqual(before.body);
  });
});
