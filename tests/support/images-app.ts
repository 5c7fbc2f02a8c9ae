import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import request from 'supertest';
import { beforeEach } from 'vitest';
import { gradient, phoneExif } from '#tests/support/pictures.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { images, imageVariants } from '#server/db/schema.ts';

/**
 * The pictures' tests: the app on the file's test database with no pictures before each test,
 * and what uploads, fetches and counts them.
 */
export function useImagesApp() {
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
  return {
    fixture,
    photoJpeg,
    photoPng,
    upload,
    uploadNew,
    getBytes,
    storedCounts,
    collectGarbage,
    postLargeUpload,
  };
}
