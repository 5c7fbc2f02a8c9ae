import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/app.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { clientBuildDir } from '../paths.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { assetHeaders, precompressedAssets } from './precompressed-assets.ts';
import { securityHeaders } from './security.ts';

const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
let dir: string;
let app: express.Express;

/** The same chain as the server's /assets, on a folder laid out as the build leaves it. */
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assets-'));
  fs.writeFileSync(path.join(dir, 'app-1.js'), script);
  fs.writeFileSync(path.join(dir, 'app-1.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, 'app-1.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, 'plain-2.js'), script);
  fs.writeFileSync(
    path.join(dir, 'logo-3.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
  );
  app = express();
  app.use(securityHeaders({ https: false, enforceCsp: true }));
  app.use(compression());
  app.use('/assets', assetHeaders, precompressedAssets(dir), express.static(dir, { fallthrough: false }));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The size on the wire: the test client decodes the body it is given. */
const sentBytes = (response: request.Response) => Number(response.headers['content-length']);
const size = (file: string) => fs.statSync(file).size;

describe('precompressed assets', () => {
  it("sends the build's Brotli copy to a browser that accepts Brotli, labelled as the script", async () => {
    const response = await request(app)
      .get('/assets/app-1.js')
      .set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(sentBytes(response)).toBe(size(path.join(dir, 'app-1.js.br')));
    expect(response.text).toBe(script);
  });

  it('sends the gzip copy to a browser that accepts only gzip, or refuses Brotli', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip']) {
      const response = await request(app)
        .get('/assets/app-1.js')
        .set('Accept-Encoding', accepted)
        .expect(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(sentBytes(response)).toBe(size(path.join(dir, 'app-1.js.gz')));
      expect(response.text).toBe(script);
    }
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await request(app)
      .get('/assets/app-1.js')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('text/javascript');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.text).toBe(script);
  });

  it('leaves a file without copies to the compression on the fly', async () => {
    const response = await request(app).get('/assets/plain-2.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.text).toBe(script);
  });

  it('answers a missing file with 404, not with a copy', async () => {
    await request(app).get('/assets/missing.js').set('Accept-Encoding', 'br').expect(404);
    await request(app).get('/assets/app-1.js.br.js').set('Accept-Encoding', 'br').expect(404);
  });

  it('leaves out the document-only headers on a script, keeping those that govern a file', async () => {
    const response = await request(app).get('/assets/app-1.js').set('Accept-Encoding', 'br').expect(200);
    for (const header of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
    ]) {
      expect(response.headers[header]).toBeUndefined();
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps every security header on an SVG, which a browser can open as a document', async () => {
    const response = await request(app).get('/assets/logo-3.svg').expect(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe("the server's /assets", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    ensureBuilt();
    database = await createTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it("sends the build's Brotli copies of the scripts", async () => {
    const assets = path.join(clientBuildDir, 'assets');
    const name = fs
      .readdirSync(assets)
      .find((file) => file.startsWith('entry.client-') && file.endsWith('.js'));
    expect(name).toBeDefined();
    const response = await request(createTestApp(database))
      .get(`/assets/${name}`)
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toBeUndefined();
    // Names that never change need no validators, and no request id: build files are not logged.
    for (const header of ['etag', 'last-modified', 'accept-ranges', 'x-request-id']) {
      expect(response.headers[header]).toBeUndefined();
    }
    expect(sentBytes(response)).toBe(size(path.join(assets, `${name}.br`)));
    expect(response.text).toBe(fs.readFileSync(path.join(assets, name!), 'utf8'));
  });
});
