import compression from 'compression';
import express from 'express';
import type { AppLoadContext } from 'react-router';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { markDegraded } from '../http/outage.ts';
import { securityHeaders } from '../http/security.ts';
import { splashCookie } from '../http/splash.ts';
import { PageCache } from './page-cache.ts';
import { pageHandler } from './page-handler.ts';
import { staffPages } from './staff-pages.ts';

/**
 * The page handler's rules, with a stand-in for React Router: what it renders is set per test.
 * (tests/... pages.db.test.ts renders the real site.)
 */
type Rendered = { status?: number; headers?: Record<string, string>; body?: string; degraded?: boolean };
let rendered: Rendered;
let renders: string[];
let cache: PageCache;
let app: express.Express;

beforeEach(() => {
  rendered = {};
  renders = [];
  cache = new PageCache();
  app = express();
  app.use(securityHeaders({ https: false, enforceCsp: true }));
  app.use(compression());
  app.use(staffPages);
  app.all(
    '/{*path}',
    pageHandler({
      cache,
      secure: false,
      loadContext: (_req, res, showSplash) => {
        if (rendered.degraded) markDegraded(res);
        return { cspNonce: res.locals.cspNonce, showSplash } as unknown as AppLoadContext;
      },
      render: async (req, context) => {
        renders.push(`${req.method} ${new URL(req.url).pathname}`);
        const html =
          rendered.body ??
          `<!doctype html><p>${context.showSplash ? 'splash' : 'page'}</p>` +
            `<script nonce="${context.cspNonce}">window.ready = true</script>`;
        return new Response(req.method === 'HEAD' ? null : html, {
          status: rendered.status ?? 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8', ...rendered.headers },
        });
      },
    }),
  );
});

const seen = `${splashCookie}=1`;
const nonceOf = (response: request.Response) =>
  /'nonce-([A-Za-z0-9_-]+)'/.exec(response.headers['content-security-policy'] ?? '')?.[1];

describe('an anonymous public page', () => {
  it('is rendered once, then sent from the cache with a nonce of its own each time', async () => {
    const first = await request(app).get('/services/puncture-repair').set('Cookie', seen);
    const second = await request(app).get('/services/puncture-repair').set('Cookie', seen);
    expect(renders).toEqual(['GET /services/puncture-repair']);
    expect(cache.stats.hits).toBe(1);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<script nonce="${nonceOf(response)}">`);
      expect(response.headers).toMatchObject({
        'cache-control': 'private, no-cache',
        vary: 'Accept-Encoding, Cookie',
        'content-type': 'text/html; charset=utf-8',
      });
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(second.text).not.toContain(nonceOf(first));
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 to a browser that has it, without a policy that would not match its copy', async () => {
    const first = await request(app).get('/').set('Cookie', seen);
    const again = await request(app).get('/').set({ Cookie: seen, 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);

    const other = await request(app).get('/').set({ Cookie: seen, 'If-None-Match': 'W/"something-else"' });
    expect(other.status).toBe(200);
  });

  it('is kept apart for the first page of a visit, which shows the splash and sets its cookie', async () => {
    const first = await request(app).get('/');
    const firstAgain = await request(app).get('/');
    const later = await request(app).get('/').set('Cookie', seen);
    expect(renders).toEqual(['GET /', 'GET /']);
    for (const response of [first, firstAgain]) {
      expect(response.text).toContain('splash');
      expect(response.headers['set-cookie']).toEqual([
        expect.stringMatching(/^splash_seen=1; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly/),
      ]);
    }
    expect(later.text).toContain('<p>page</p>');
    expect(later.headers['set-cookie']).toBeUndefined();
    expect(later.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers HEAD from the cache with the headers and no body', async () => {
    await request(app).get('/').set('Cookie', seen);
    const head = await request(app).head('/').set('Cookie', seen);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBeDefined();
    expect(head.text).toBeUndefined();
    expect(renders).toEqual(['GET /']);
  });

  it('keeps the 404 page', async () => {
    rendered = { status: 404, body: '<h1>404 Page Not Found</h1>' };
    await request(app).get('/no-such-page').set('Cookie', seen);
    const again = await request(app).get('/no-such-page').set('Cookie', seen);
    expect(again.status).toBe(404);
    expect(again.text).toBe('<h1>404 Page Not Found</h1>');
    expect(renders).toHaveLength(1);
  });
});

describe('never served from the cache, nor stored', () => {
  const twice = async (path: string, headers: Record<string, string> = {}) => {
    const first = await request(app)
      .get(path)
      .set({ Cookie: seen, ...headers });
    const second = await request(app)
      .get(path)
      .set({ Cookie: seen, ...headers });
    expect(renders).toEqual([`GET ${path}`, `GET ${path}`]);
    expect(cache.stats).toMatchObject({ pages: 0, hits: 0 });
    return [first, second] as const;
  };

  it('a response that sets a cookie', async () => {
    rendered = { headers: { 'Set-Cookie': 'flash=saved; Path=/' } };
    const [, second] = await twice('/');
    expect(second.headers['set-cookie']).toEqual(['flash=saved; Path=/']);
  });

  it('an error page', async () => {
    rendered = { status: 500, body: 'Something went wrong' };
    await twice('/');
  });

  it('a page that asks not to be kept', async () => {
    rendered = { headers: { 'Cache-Control': 'private, max-age=0' } };
    await twice('/');
  });

  it.each(['/admin/dashboard', '/account-setup/a-set-up-token'])('a staff page (%s)', async (path) => {
    const [first] = await twice(path);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(first.headers.etag).toBeUndefined();
  });

  it('a visitor with a staff session, even for a page that is cached', async () => {
    await request(app).get('/').set('Cookie', seen);
    const signedIn = await request(app).get('/').set('Cookie', `${seen}; session=abc`);
    expect(signedIn.status).toBe(200);
    expect(renders).toEqual(['GET /', 'GET /']);
    expect(cache.stats.hits).toBe(0);
  });

  it('a form post', async () => {
    await request(app).post('/enquiry').set('Cookie', seen).type('form').send('name=Sam');
    await request(app).post('/enquiry').set('Cookie', seen).type('form').send('name=Sam');
    expect(renders).toEqual(['POST /enquiry', 'POST /enquiry']);
    expect(cache.stats.pages).toBe(0);
  });
});

it('renders every page when there is no cache (development)', async () => {
  const uncached = express();
  uncached.use(securityHeaders({ https: false, enforceCsp: true }));
  uncached.all(
    '/{*path}',
    pageHandler({
      secure: false,
      loadContext: () => ({}) as AppLoadContext,
      render: async () => new Response('<p>fresh</p>', { headers: { 'Content-Type': 'text/html' } }),
    }),
  );
  const response = await request(uncached).get('/');
  expect(response.text).toBe('<p>fresh</p>');
  expect(response.headers.etag).toBeUndefined();
});

describe('while the database cannot be reached', () => {
  it('does not keep a page rendered with something missing, and keeps the next whole one', async () => {
    rendered.degraded = true;
    await request(app).get('/').set('Cookie', seen).expect(200);
    await request(app).get('/').set('Cookie', seen).expect(200);
    expect(renders).toEqual(['GET /', 'GET /']);
    expect(cache.stats.pages).toBe(0);
    rendered.degraded = false;
    await request(app).get('/').set('Cookie', seen).expect(200);
    await request(app).get('/').set('Cookie', seen).expect(200);
    expect(renders).toHaveLength(3);
  });

  it('sends a page that needs it (503) with Retry-After, and does not keep it', async () => {
    rendered.status = 503;
    const response = await request(app).get('/book?step=when').set('Cookie', seen).expect(503);
    expect(response.headers['retry-after']).toBe('30');
    await request(app).get('/book?step=when').set('Cookie', seen).expect(503);
    expect(renders).toHaveLength(2);
  });
});
