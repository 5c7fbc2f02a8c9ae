import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { altTextRequiredMessage } from '#common/image-fields.ts';
import { imageSlots, imageTooLargeMessage, type StoredImage } from '#common/images.ts';
import { gradient, htmlPage, phoneExif, pngHeader, svgWithScript } from '#tests/support/pictures.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { crossSiteMessage } from '../auth/guard.ts';
import { images, imageVariants } from '../db/schema.ts';
import { projectRoot } from '../paths.ts';
import { imageLimits, notAnImageMessage, tooManyPixelsMessage } from './process.ts';
import { uploadedSlotImages } from './service.ts';
import { uploadBuffers } from './upload.ts';

const fixture = useTestApp();

beforeEach(async () => {
  await fixture.database.db.delete(images);
});

const photoJpeg = () => gradient(1600, 900).jpeg().withExif(phoneExif).toBuffer();
const photoPng = () => gradient(1000, 600).png().withExif(phoneExif).toBuffer();

type Fields = Record<string, string>;

function upload(url: string, file: Buffer | null, fields: Fields = {}, filename = 'photo.jpg') {
  const call = request(fixture.app).post(url).set(fixture.staff.headers);
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  if (file) void call.attach('image', file, { filename, contentType: 'image/jpeg' });
  return call;
}

const uploadNew = (file: Buffer | null, fields: Fields = {}, filename?: string) =>
  upload(
    '/api/images/upload',
    file,
    { name: 'tyre-replacement', altText: 'A new tyre', ...fields },
    filename,
  );

/** GET of a path as raw bytes, whatever the content type. */
function getBytes(url: string) {
  return request(fixture.app)
    .get(url)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

const storedCounts = async () => ({
  images: (await fixture.database.db.select().from(images)).length,
  variants: (await fixture.database.db.select({ id: imageVariants.id }).from(imageVariants)).length,
});

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
      await postLargeUpload(port, 20 * megabyte); // the first run allocates what later ones reuse
      collectGarbage();
      const before = process.memoryUsage().rss;
      uploadBuffers.peak = 0;
      const result = await postLargeUpload(port, 20 * megabyte);
      collectGarbage();
      const after = process.memoryUsage().rss;
      process.stdout.write(
        `20 MB upload: RSS ${(before / megabyte).toFixed(1)} MB before, ${(after / megabyte).toFixed(1)} MB after; ` +
          `at most ${(uploadBuffers.peak / megabyte).toFixed(1)} MB of it held at once\n`,
      );
      expect(result).toEqual({ status: 413, body: { error: imageTooLargeMessage } });
      expect(uploadBuffers.peak).toBeLessThanOrEqual(imageLimits.maxBytes);
      expect(uploadBuffers.inUse).toBe(0);
      // Less than the body itself: nothing of it stays behind.
      expect(after - before).toBeLessThan(20 * megabyte);
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

describe('replacing, editing and deleting', () => {
  it('replace keeps the id, serves the new bytes and drops the old ones', async () => {
    const first = (await uploadNew(await photoJpeg()).expect(201)).body as StoredImage;
    const next = await gradient(800, 800).png().toBuffer();
    const replaced = (await upload(`/api/images/${first.id}/replace`, next, {}, 'square.png').expect(200))
      .body as StoredImage;
    expect(replaced).toMatchObject({ id: first.id, name: first.name, altText: first.altText, width: 800 });
    expect(replaced.url).not.toBe(first.url);
    const bytes = (await getBytes(replaced.url!).expect(200)).body as Buffer;
    expect((await sharp(bytes).metadata()).width).toBe(800);
    await request(fixture.app).get(first.url!).expect(404);
    const named = (await getBytes('/api/images/tyre-replacement').expect(200)).body as Buffer;
    expect((await sharp(named).metadata()).width).toBe(800);
  });

  it('a refused replacement leaves the stored picture as it was', async () => {
    const first = (await uploadNew(await photoJpeg()).expect(201)).body as StoredImage;
    await upload(`/api/images/${first.id}/replace`, htmlPage, {}, 'photo.png').expect(415);
    const noAlt = await upload(
      `/api/images/${first.id}/replace`,
      await photoPng(),
      { altText: ' ' },
      'a.png',
    );
    expect([noAlt.status, noAlt.body.error]).toEqual([400, altTextRequiredMessage]);
    await upload(`/api/images/${first.id}/replace`, pngHeader(20_000, 20_000), {}, 'big.png').expect(413);
    expect((await request(fixture.app).get('/api/images').expect(200)).body).toEqual([first]);
    await request(fixture.app).get(first.url!).expect(200);
  });

  it('answers 404 for an image that does not exist and 400 for an id that is not one', async () => {
    const picture = await gradient(300, 200).png().toBuffer();
    await upload('/api/images/999/replace', picture).expect(404);
    await request(fixture.app)
      .put('/api/images/999')
      .set(fixture.staff.headers)
      .send({ altText: 'x' })
      .expect(404);
    await request(fixture.app).delete('/api/images/999').set(fixture.staff.headers).expect(404);
    await request(fixture.app).delete('/api/images/abc').set(fixture.staff.headers).expect(400);
  });

  it('edits alt text and section, keeps alt text on a named slot, and refuses a taken name', async () => {
    const image = (await uploadNew(await photoJpeg()).expect(201)).body as StoredImage;
    const updated = await request(fixture.app)
      .put(`/api/images/${image.id}`)
      .set(fixture.staff.headers)
      .send({ altText: ' Fitting a tyre on a driveway ', section: 'services' })
      .expect(200);
    expect(updated.body).toMatchObject({
      id: image.id,
      altText: 'Fitting a tyre on a driveway',
      url: image.url,
    });
    const empty = await request(fixture.app)
      .put(`/api/images/${image.id}`)
      .set(fixture.staff.headers)
      .send({ altText: '' });
    expect([empty.status, empty.body.error]).toEqual([400, altTextRequiredMessage]);

    await request(fixture.app)
      .post('/api/images')
      .set(fixture.staff.headers)
      .send({ name: 'van-livery' })
      .expect(201);
    const taken = await request(fixture.app)
      .put(`/api/images/${image.id}`)
      .set(fixture.staff.headers)
      .send({ name: 'van-livery' });
    expect(taken.status).toBe(409);
    const withUrl = await request(fixture.app)
      .post('/api/images')
      .set(fixture.staff.headers)
      .send({ name: 'logo', url: 'https://elsewhere.example/logo.png' });
    expect(withUrl.status).toBe(400);
  });

  it('delete brings the shipped picture back on the public site', async () => {
    const image = (await uploadNew(await photoJpeg()).expect(201)).body as StoredImage;
    expect(Object.keys(await uploadedSlotImages(fixture.database.db))).toEqual(['tyre-replacement']);
    const services = await request(fixture.app).get('/api/services').expect(200);
    expect(services.body.find((s: { slug: string }) => s.slug === 'tyre-replacement').image).toBe(image.url);

    await request(fixture.app).delete(`/api/images/${image.id}`).set(fixture.staff.headers).expect(204);
    expect(await uploadedSlotImages(fixture.database.db)).toEqual({});
    expect(await storedCounts()).toEqual({ images: 0, variants: 0 });
    await request(fixture.app).get(image.url!).expect(404);
    const shipped = fs.readFileSync(
      path.join(projectRoot, 'public/images/fallback/tyre-replacement-800.webp'),
    );
    expect(
      ((await getBytes('/api/images/tyre-replacement').expect(200)).body as Buffer).equals(shipped),
    ).toBe(true);
    const after = await request(fixture.app).get('/api/services').expect(200);
    expect(after.body.find((s: { slug: string }) => s.slug === 'tyre-replacement').image).toBe(
      '/images/fallback/tyre-replacement-800.webp',
    );
  });

  it('the same file in two images: deleting one leaves the other served', async () => {
    const photo = await photoJpeg();
    const first = (await uploadNew(photo).expect(201)).body as StoredImage;
    const second = (await uploadNew(photo, { name: 'puncture-repair' }).expect(201)).body as StoredImage;
    expect(second.url).toBe(first.url);
    await request(fixture.app).delete(`/api/images/${first.id}`).set(fixture.staff.headers).expect(204);
    await request(fixture.app).get(second.url!).expect(200);
  });
});

describe('the hero background', () => {
  it('upload-hero creates the slot with its own alt text, then replaces its picture under the same id', async () => {
    const first = (await upload('/api/upload-hero', await photoJpeg()).expect(200)).body as StoredImage;
    expect(first).toMatchObject({
      name: 'hero-background',
      altText: imageSlots['hero-background'].defaultAlt,
      section: 'hero',
      width: 1600,
    });
    const second = (
      await upload('/api/upload-hero', await gradient(2000, 1000).png().toBuffer(), {}, 'wide.png').expect(
        200,
      )
    ).body as StoredImage;
    expect(second).toMatchObject({ id: first.id, width: 2000 });
    expect((await storedCounts()).images).toBe(1);
  });

  it('GET /api/images/hero-background is the 1200 x 630 share JPEG of the upload, or the shipped one', async () => {
    const shipped = await getBytes('/api/images/hero-background').expect(200);
    expect(shipped.headers['content-type']).toBe('image/jpeg');
    await upload('/api/upload-hero', await photoJpeg()).expect(200);
    const share = await getBytes('/api/images/hero-background').expect(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    expect(share.headers['cache-control']).toBe('public, max-age=300');
    const metadata = await sharp(share.body as Buffer).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([1200, 630, undefined]);
    expect((share.body as Buffer).equals(shipped.body as Buffer)).toBe(false);
  });

  it('answers 404 for a name that is neither stored nor a slot', async () => {
    await request(fixture.app).get('/api/images/no-such-image').expect(404);
    await request(fixture.app).get('/media/not-a-hash.webp').expect(404);
    await request(fixture.app)
      .get(`/media/${'0'.repeat(64)}.webp`)
      .expect(404);
  });
});

/** Node's garbage collector, reachable without a command-line flag, so that RSS shows what is kept. */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * Sends a multipart upload of `size` bytes over a real connection, streamed from one small
 * buffer so that the test itself holds nothing large. Resolves with the answer.
 */
function postLargeUpload(port: number, size: number): Promise<{ status: number; body: unknown }> {
  const boundary = 'test-boundary-7f3a';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        method: 'POST',
        path: '/api/images/upload',
        headers: {
          ...fixture.staff.headers,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + size + tail.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', write);
          return;
        }
      }
      req.end(tail);
    };
    req.write(head);
    write();
  });
}
