import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** What `scripts/compress-assets.mjs` writes beside a file, best first. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The type each file is sent with. Scripts go without a charset: the pages load them as modules,
 * which browsers always read as UTF-8, and each of a page's dozen scripts would carry the 15
 * bytes again (the public pages' scripts are held to a budget of bytes, headers included).
 */
const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Sends the build's compressed copy of an asset (Brotli, else gzip) to a browser that accepts
 * it: compressed once at build time at the highest level, a page's scripts are 10-15% smaller
 * than the on-the-fly compression makes them. Mounted before the static handler of the same
 * folder, it only points the request at the copy and labels the response; the static handler
 * sends the file, and the compression middleware leaves an encoded response alone. Files
 * without a copy, and browsers that accept neither encoding, get the usual response.
 *
 * The folder is read once: its files carry a content hash and never change while the server runs.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const type = types[path.extname(name)];
    if (!type || name.includes('/')) return next();
    res.setHeader('Content-Type', type);
    res.append('Vary', 'Accept-Encoding');
    const encoding = encodings.find(
      (candidate) =>
        files.has(name + candidate.suffix) && req.acceptsEncodings(candidate.name) === candidate.name,
    );
    if (!encoding) return next();
    res.setHeader('Content-Encoding', encoding.name);
    req.url = `/${name}${encoding.suffix}`;
    next();
  };
}

/**
 * Headers that only a document (or a worker) obeys: the security middleware sets them on every
 * response, and on a script or a stylesheet they are about 600 bytes of nothing, sent again with
 * each of a page's files. The ones that do govern a file stay: X-Content-Type-Options,
 * Cross-Origin-Resource-Policy, Referrer-Policy (a stylesheet's own requests) and HSTS.
 */
const documentOnlyHeaders = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];

/** Files that a browser never shows as a document (an SVG can be one, so it keeps them all). */
const subresource = /\.(?:js|mjs|css|woff2?)$/;

/** Scripts: the modules a script imports are fetched under the page's own referrer policy without it. */
const script = /\.m?js$/;

/** For the build's scripts, stylesheets and fonts: leaves out the headers only a document obeys. */
export const assetHeaders: RequestHandler = (req, res, next) => {
  if (subresource.test(req.path)) for (const header of documentOnlyHeaders) res.removeHeader(header);
  if (script.test(req.path)) res.removeHeader('Referrer-Policy');
  next();
};
