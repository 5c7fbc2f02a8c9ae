import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { testConfig } from '#tests/support/app.ts';
import { gradient } from '#tests/support/pictures.ts';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { createSiteContentStore } from '#server/site-content/store.ts';
import type { Subscription } from '../db/listener.ts';
import { images } from '../db/schema.ts';
import { splashCookie } from '../http/splash.ts';
import { loadProductionSsr } from '../http/ssr.ts';
import { processImage } from '../images/process.ts';
import { storeImage } from '../images/service.ts';
import { watchSiteContent } from './content-changes.ts';
import { PageCache } from './page-cache.ts';

/** The cache of rendered pages on the real site, its database and its API. */
let cache: PageCache;
let watch: Subscription;
const fixture = useTestApp({
  dependencies: async (database) => {
    ensureBuilt();
    cache = new PageCache();
    const content = createSiteContentStore(database.db, () => seedSiteContent(testConfig().site));
    // As at start-up: the seed's publication (and its notification) comes before any page.
    await content.published();
    watch = await watchSiteContent(database, { cache, content, logger: pino({ level: 'silent' }) });
    return { ssr: await loadProductionSsr(), pageCache: cache, siteContent: content };
  },
});

afterAll(async () => {
  await watch?.close();
});

beforeEach(async () => {
  // The deletion's notification empties the cache twice: when heard, and once the content has
  // been read again. Each test starts after both, from an empty cache.
  const { generation } = cache.stats;
  await fixture.database.db.delete(images);
  await vi.waitFor(() => expect(cache.stats.generation).toBeGreaterThanOrEqual(generation + 2));
  cache.invalidate();
});

const returning = { Cookie: `${splashCookie}=1` };
const nonceOf = (csp: string | string[] | undefined) => /'nonce-([A-Za-z0-9_-]+)'/.exec(String(csp))?.[1];
const heroPicture = () => gradient(1600, 900).jpeg().toBuffer();

describe.each(['/', '/services/puncture-repair', '/privacy-policy'])('%s', (path) => {
  it('is rendered once; each response carries its own nonce, on every script of its document', async () => {
    const { renders, hits } = cache.stats;
    const responses = [
      await request(fixture.app).get(path).set(returning),
      await request(fixture.app).get(path).set(returning),
    ];
    expect(cache.stats).toMatchObject({ renders: renders + 1, hits: hits + 1 });
    const nonces = responses.map((response) => nonceOf(response.headers['content-security-policy']));
    expect(nonces[0]).toBeDefined();
    expect(nonces[0]).not.toBe(nonces[1]);
    responses.forEach((response, index) => {
      expect(response.status).toBe(200);
      // Every script that runs (JSON-LD is data, not run).
      const scripts = (response.text.match(/<script\b[^>]*>/g) ?? []).filter(
        (script) => !script.includes('application/ld+json'),
      );
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toContain(`nonce="${nonces[index]}"`);
      expect(response.text).not.toContain(nonces[1 - index]);
    });
  });
});

it('sends the same document gzip-compressed to a browser that takes gzip', async () => {
  const server = fixture.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const fetchRaw = (headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/', headers: { ...returning, ...headers } }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const plain = await fetchRaw({});
    const gzipped = await fetchRaw({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    const withoutNonce = (body: Buffer, csp: string | string[] | undefined) =>
      body.toString().replaceAll(nonceOf(csp)!, 'N');
    expect(withoutNonce(zlib.gunzipSync(gzipped.body), gzipped.headers['content-security-policy'])).toBe(
      withoutNonce(plain.body, plain.headers['content-security-policy']),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('a change of picture', () => {
  const heroSrc = (html: string) => {
    const tag = /<img\b[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? '';
    return /\ssrc="([^"]+)"/.exec(tag)?.[1];
  };

  it('made here shows on the next request', async () => {
    const before = await request(fixture.app).get('/').set(returning);
    expect(heroSrc(before.text)).toMatch(/^\/images\/fallback\//);
    await request(fixture.app).get('/').set(returning);
    expect(cache.stats.pages).toBeGreaterThan(0);

    const uploaded = await request(fixture.app)
      .post('/api/upload-hero')
      .set(fixture.staff.headers)
      .attach('image', await heroPicture(), { filename: 'hero.jpg', contentType: 'image/jpeg' });
    expect(uploaded.status).toBe(200);

    const after = await request(fixture.app).get('/').set(returning);
    expect(heroSrc(after.text)).toBe(uploaded.body.url);
  });

  it('made by another process (straight to the database) shows as soon as it is announced', async () => {
    await request(fixture.app).get('/').set(returning);
    const picture = await processImage(await heroPicture(), { share: true });
    // What another server process does: this one's API is not involved.
    const stored = await storeImage(
      fixture.database.db,
      { upsert: { name: 'hero-background', altText: 'A van at the kerb', section: 'hero' } },
      picture,
    );
    await vi.waitFor(async () => {
      const page = await request(fixture.app).get('/').set(returning);
      expect(heroSrc(page.text)).toBe(stored.url);
    });
  });
});

it('never serves a signed-in member of staff from the cache, nor stores their page', async () => {
  await request(fixture.app).get('/').set(returning);
  const { hits, pages } = cache.stats;
  const signedIn = await request(fixture.app)
    .get('/')
    .set({ Cookie: `${returning.Cookie}; ${fixture.staff.cookie}` });
  expect(signedIn.status).toBe(200);
  expect(cache.stats).toMatchObject({ hits, pages });
});

it('never keeps a staff page', async () => {
  const { hits } = cache.stats;
  for (let round = 0; round < 2; round += 1) {
    const page = await request(fixture.app).get('/auth').set(returning);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.etag).toBeUndefined();
  }
  expect(cache.stats).toMatchObject({ hits, pages: 0 });
});
