import request from 'supertest';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { gradient, phoneExif } from '#tests/support/pictures.ts';
import { newKey, useJobsApp } from '#tests/support/jobs.ts';
import { jobFiles } from '../db/schema.ts';

const { fixture, people, bookJob } = useJobsApp();

const photo = () => gradient(1200, 900).jpeg().withExif(phoneExif).toBuffer();

const upload = async (
  person: { headers: Record<string, string> } | null,
  id: number,
  { key = newKey(), kind, file }: { key?: string; kind?: string; file?: Buffer } = {},
) => {
  const post = request(fixture.app).post(`/api/jobs/${id}/photos`);
  if (person) post.set(person.headers);
  post.field('idempotencyKey', key);
  if (kind) post.field('kind', kind);
  return post.attach('image', file ?? (await photo()), { filename: 'tyre.jpg', contentType: 'image/jpeg' });
};

describe('a job’s photos', () => {
  it('are kept re-encoded without metadata, once per key, and shown to the office and the job’s fitter only', async () => {
    const job = await bookJob();
    const key = newKey();
    const first = await upload(people.fitter, job.id, { key });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'photo', width: 1200, height: 900 });
    const repeat = await upload(people.fitter, job.id, { key });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await fixture.database.db.select({ id: jobFiles.id }).from(jobFiles)).toHaveLength(1);

    const url = first.body.url as string;
    expect(url).toMatch(/^\/api\/jobs\/\d+\/photos\/\d+$/);
    await request(fixture.app).get(url).expect(401);
    await request(fixture.app).get(url).set(people.otherFitter.headers).expect(404);
    await request(fixture.app).get(`/api/jobs/${job.id}/photos`).set(people.otherFitter.headers).expect(404);
    const shown = await request(fixture.app).get(url).set(fixture.staff.headers).expect(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(shown.body as Buffer).metadata();
    expect(metadata.exif).toBeUndefined();
    await request(fixture.app).get(url).set(people.fitter.headers).expect(200);
    const listed = await request(fixture.app).get(`/api/jobs/${job.id}/photos`).set(fixture.staff.headers);
    expect(listed.body).toEqual([first.body]);
    // Nothing of it under the public /media.
    await request(fixture.app).get(url.replace('/api/jobs', '/media')).expect(404);
  });

  it('are refused to anonymous senders and other fitters, past six, and when not pictures', async () => {
    const job = await bookJob();
    expect((await upload(null, job.id)).status).toBe(401);
    expect((await upload(people.otherFitter, job.id)).status).toBe(404);
    const notPicture = await upload(people.fitter, job.id, { file: Buffer.from('<svg></svg>') });
    expect(notPicture.status).toBe(415);
    for (let index = 0; index < 6; index += 1) expect((await upload(people.fitter, job.id)).status).toBe(201);
    const seventh = await upload(people.fitter, job.id);
    expect(seventh.status).toBe(409);
    expect(seventh.body.error).toBe('A job keeps at most 6 photos.');
    // The customer's signature is kept apart, once.
    expect((await upload(people.fitter, job.id, { kind: 'signature' })).status).toBe(201);
    expect((await upload(people.fitter, job.id, { kind: 'signature' })).status).toBe(409);
  });
});
