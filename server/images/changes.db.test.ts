import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { altTextRequiredMessage } from '#common/images/fields.ts';
import { imageSlots, type StoredImage } from '#common/images/images.ts';
import { gradient, htmlPage, pngHeader } from '#tests/support/pictures.ts';
import { projectRoot } from '../paths.ts';
import { uploadedSlotImages } from './service.ts';
import { useImagesApp } from '#tests/support/images-app.ts';

const { fixture, photoJpeg, photoPng, upload, uploadNew, getBytes, storedCounts } = useImagesApp();

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
