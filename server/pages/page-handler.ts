import { createReadableStreamFromReadable, writeReadableStreamToWritable } from '@react-router/node';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { AppLoadContext } from 'react-router';
import { unavailableRetryAfterSeconds } from '#common/http/outage.ts';
import { isDegraded } from '../http/outage.ts';
import { takeSplash } from '../http/splash.ts';
import { NonceTemplate } from './nonce-template.ts';
import { pageKey, type CachedPage, type PageCache } from './page-cache.ts';
import { isStaffPage } from './staff-pages.ts';

/** React Router's request handler (`createRequestHandler` of the server build). */
type RenderPage = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

type PageHandlerOptions = {
  render: RenderPage;
  /** The loaders' context for this request; `showSplash` is decided before rendering. */
  loadContext(
    req: ExpressRequest,
    res: ExpressResponse,
    showSplash: boolean,
  ): AppLoadContext | Promise<AppLoadContext>;
  /** Set without a cache (development, some tests): every page is rendered. */
  cache?: PageCache;
  /** The site is served over https: the splash cookie is Secure. */
  secure: boolean;
};

/**
 * How a rendered page may be kept by browsers: revalidated on every use (staff can change what
 * it shows at any moment), and never by a shared cache, which would hand one response's nonce
 * to everyone.
 */
const cachedPageCacheControl = 'private, no-cache';

/** Status codes whose pages are kept: the page itself, and the 404 page. */
const storableStatus = new Set([200, 404]);
/** Headers of a rendered response that are the sender's business, not the page's. */
const unstoredHeaders = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'date']);

/**
 * Server rendering of the React Router app, with anonymous public pages served from `cache`.
 *
 * A page is taken from the cache, or stored in it, only for a GET or HEAD without a staff
 * session cookie and outside the staff area; it is stored only when rendered as 200 or 404
 * without a Set-Cookie or a Cache-Control of its own, and with nothing missing for want of the
 * database (http/outage.ts). Every response gets its own nonce (the
 * cached document has it taken out, see NonceTemplate), a weak ETag and a 304 when the browser
 * has the same document.
 */
export function pageHandler(options: PageHandlerOptions): RequestHandler {
  const { loadContext, cache, secure } = options;
  const render = async (req: ExpressRequest, res: ExpressResponse, showSplash: boolean) =>
    options.render(toFetchRequest(req, res), await loadContext(req, res, showSplash));

  return async (req, res, next) => {
    try {
      // Decided (and its cookie set) by the server, so it is part of what makes the page.
      const showSplash = takeSplash(req, res, secure);
      if (!cache || !isCacheable(req)) {
        await send(res, await render(req, res, showSplash));
        return;
      }
      const key = pageKey(showSplash ? 'splash' : 'no-splash', req.originalUrl);
      let own: Response | undefined;
      let ownBody: Buffer | undefined;
      const page = await cache.getOrRender(key, async () => {
        own = await render(req, res, showSplash);
        if (req.method !== 'GET' || !isStorable(own) || isDegraded(res)) return null;
        ownBody = Buffer.from(await own.arrayBuffer());
        return toCachedPage(own, ownBody, res.locals.cspNonce);
      });
      if (page) {
        sendCached(req, res, page);
      } else if (own) {
        // Rendered here but not storable: sent as it is.
        await send(res, own, ownBody);
      } else {
        // Another request rendered a page that could not be stored: render this one.
        await send(res, await render(req, res, showSplash));
      }
    } catch (error) {
      next(error);
    }
  };
}

/** A staff session cookie, by either of its names (plain, or `__Host-` under https). */
const hasSessionCookie = /(?:^|;\s*)(?:__Host-)?session=/;

/** Anonymous GET or HEAD of a public page. */
function isCacheable(req: ExpressRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return !isStaffPage(req.path) && !hasSessionCookie.test(req.headers.cookie ?? '');
}

function isStorable(response: Response): boolean {
  if (!storableStatus.has(response.status) || !response.body) return false;
  if (response.headers.has('set-cookie')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/no-store|private/i.test(cacheControl);
}

function toCachedPage(response: Response, body: Buffer, nonce: string): CachedPage {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (!unstoredHeaders.has(name)) headers.push([name, value]);
  }
  return { status: response.status, headers, template: new NonceTemplate(body.toString(), nonce) };
}

/** A cached page, with this response's nonce, compressed when the browser takes gzip. */
function sendCached(req: ExpressRequest, res: ExpressResponse, page: CachedPage) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('Cache-Control', cachedPageCacheControl);
  res.setHeader('ETag', page.template.etag);
  // The document differs by compression, and by cookies (the splash screen, a staff session).
  res.vary('Accept-Encoding');
  res.vary('Cookie');
  if (page.status === 200 && req.fresh) {
    // The browser keeps its copy, whose scripts carry the nonce of the policy it was sent with:
    // a new policy here would replace that one and block them.
    res.removeHeader('Content-Security-Policy');
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  const nonce = res.locals.cspNonce;
  const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  const body = gzip ? page.template.gzip(nonce) : page.template.identity(nonce);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The Fetch API request React Router renders, from Express's. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: createReadableStreamFromReadable(req), duplex: 'half' }),
  });
}

/** Sends a rendered response as it is (its body already read, or streamed). */
async function send(res: ExpressResponse, response: Response, body?: Buffer) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  res.status(response.status);
  // A page that needs the database while it cannot be reached: worth trying again later.
  if (response.status === 503 && !response.headers.has('retry-after')) {
    res.setHeader('Retry-After', String(unavailableRetryAfterSeconds));
  }
  // A page's own header replaces the server's default (a Referrer-Policy, say); cookies and
  // Vary add to those already set.
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'vary') res.append(name, value);
    else res.setHeader(name, value);
  }
  if (body) res.end(body);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
