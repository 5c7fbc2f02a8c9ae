import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  fillDecodeGate,
  flatPng,
  gradient,
  htmlPage,
  phoneExif,
  pngHeader,
} from '#tests/support/pictures.ts';
import { newKey, useJobsApp } from '#tests/support/jobs.ts';
import { jobFiles } from '../db/schema.ts';
import { decodeBusyMessage } from '../images/decode-gate.ts';
import { tooManyPixelsMessage } from '../images/process.ts';
import { uploadBuffers } from '../images/upload.ts';

const { fixture, people, bookJob } = useJobsApp();

const photo = () => gradient(1200, 900).jpeg().withExif(phoneExif).toBuffer();

const upload = async (
  person: { headers: Record<string, string> } | null,
  id: number,
  {
    key = newKey(),
    kind,
    file,
    fieldsAfter = false,
  }: { key?: string; kind?: string; file?: Buffer; fieldsAfter?: boolean } = {},
) => {
  const post = request(fixture.app).post(`/api/jobs/${id}/photos`);
  if (person) post.set(person.headers);
  const fields = () => {
    post.field('idempotencyKey', key);
    if (kind) post.field('kind', kind);
  };
  if (!fieldsAfter) fields();
  void post.attach('image', file ?? (await photo()), { filename: 'tyre.jpg', contentType: 'image/jpeg' });
  if (fieldsAfter) fields();
  return post;
};

const storedFiles = async () => (await fixture.database.db.select({ id: jobFiles.id }).from(jobFiles)).length;

/**
 * Sends a photo as the phone does (its key and kind first) over a real connection, the picture's
 * first 64 kB at once and its other `restBytes` a moment later, so that the server has heard the
 * fields and the picture's start before the rest arrives. Resolves with the answer.
 */
function sendPhotoSlowly(
  port: number,
  id: number,
  headers: Record<string, string>,
  restBytes: number,
): Promise<{ status: number; body: unknown }> {
  const boundary = 'photo-boundary-51c2';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    part('idempotencyKey', newKey()) +
      part('kind', 'photo') +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="tyre.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        method: 'POST',
        path: `/api/jobs/${id}/photos`,
        headers: {
          ...headers,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + chunk.length + restBytes + tail.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => (text += piece));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.write(Buffer.concat([head, chunk]));
    setTimeout(() => {
      for (let sent = 0; sent < restBytes; sent += chunk.length) {
        req.write(chunk.subarray(0, Math.min(chunk.length, restBytes - sent)));
      }
      req.end(tail);
    }, 300);
  });
}

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

  it('past six, are refused before the picture is decoded: a seventh that is no picture is 409, not 415, even with every decode taken', async () => {
    const job = await bookJob();
    for (let index = 0; index < 6; index += 1) expect((await upload(people.fitter, job.id)).status).toBe(201);
    const giveBack = fillDecodeGate();
    try {
      for (const fieldsAfter of [false, true]) {
        const seventh = await upload(people.fitter, job.id, { file: htmlPage, fieldsAfter });
        expect({ fieldsAfter, status: seventh.status, body: seventh.body }).toEqual({
          fieldsAfter,
          status: 409,
          body: { error: 'A job keeps at most 6 photos.' },
        });
      }
      // A repeat of a photo already kept is answered with it, without decoding it again; another
      // file under its key is refused, naming the key, without decoding either.
      const [kept] = (await request(fixture.app).get(`/api/jobs/${job.id}/photos`).set(people.fitter.headers))
        .body as { id: number }[];
      const keyOfKept = (
        await fixture.database.db.select({ id: jobFiles.id, key: jobFiles.idempotencyKey }).from(jobFiles)
      ).find((row) => row.id === kept!.id)!.key;
      const repeat = await upload(people.fitter, job.id, { key: keyOfKept });
      expect([repeat.status, repeat.body]).toEqual([200, kept]);
      const another = await upload(people.fitter, job.id, { key: keyOfKept, file: htmlPage });
      expect(another.status).toBe(409);
      expect(another.body.error).toContain(keyOfKept);
    } finally {
      await giveBack();
    }
    expect(await storedFiles()).toBe(6);
  });

  it('past six, are refused as the picture starts, without keeping its bytes, when the key and kind come first', async () => {
    const job = await bookJob();
    for (let index = 0; index < 6; index += 1) expect((await upload(people.fitter, job.id)).status).toBe(201);
    const server = fixture.app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      uploadBuffers.peak = 0;
      const seventh = await sendPhotoSlowly(port, job.id, people.fitter.headers, 4 * 1024 * 1024);
      expect(seventh).toEqual({ status: 409, body: { error: 'A job keeps at most 6 photos.' } });
      // At most the first 64 kB (held while the job was looked up); never the 4 MB after it.
      expect(uploadBuffers.peak).toBeLessThanOrEqual(64 * 1024);
      expect(uploadBuffers.inUse).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await storedFiles()).toBe(6);
  });

  it('over 24 megapixels (a 1600 x 16000 PNG) are refused from the header with 413, before decoding', async () => {
    const job = await bookJob();
    const giveBack = fillDecodeGate();
    try {
      for (const file of [await flatPng(1600, 16_000), pngHeader(20_000, 20_000)]) {
        for (const kind of ['photo', 'signature']) {
          const refused = await upload(people.fitter, job.id, { file, kind });
          expect([refused.status, refused.body]).toEqual([413, { error: tooManyPixelsMessage }]);
        }
      }
    } finally {
      await giveBack();
    }
    expect(await storedFiles()).toBe(0);
  });

  it('wait for two pictures being decoded, and get 503 with Retry-After when eight more wait too', async () => {
    const job = await bookJob();
    const giveBack = fillDecodeGate();
    const key = newKey();
    try {
      const busy = await upload(people.fitter, job.id, { key });
      expect([busy.status, busy.body, busy.headers['retry-after']]).toEqual([
        503,
        { error: decodeBusyMessage },
        '5',
      ]);
    } finally {
      await giveBack();
    }
    expect(await storedFiles()).toBe(0);
    // Sent again with the same key, as the phone does, it is kept.
    expect((await upload(people.fitter, job.id, { key })).status).toBe(201);
    expect(await storedFiles()).toBe(1);
  });
});
