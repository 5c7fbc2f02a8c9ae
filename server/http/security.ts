import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Nonce allowing this response's own inline scripts under the Content-Security-Policy. */
    cspNonce: string;
  }
}

/**
 * Random bytes for nonces, drawn from the system 4 KiB at a time: one call to its generator per
 * 256 responses instead of one per response (a measurable share of a cached answer's time).
 * Each nonce takes 16 bytes no other has had.
 */
const nonceBytes = 16;
const pool = Buffer.alloc(4096);
let used = pool.length;

export function nextNonce(): string {
  if (used === pool.length) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  used += nonceBytes;
  // base64url: only letters, digits, - and _, which nothing in a page escapes (see pages/nonce-template.ts).
  return pool.toString('base64url', used - nonceBytes, used);
}

/** What the security headers depend on. */
export type SecurityOptions = {
  /** The site's public address is https: browsers are told to use nothing else. */
  https: boolean;
  enforceCsp: boolean;
  /** GA4 is configured: its script and collection hosts are allowed (used only after consent). */
  googleAnalytics?: boolean;
};

/**
 * Security headers. The policy allows scripts only from this origin or carrying the response's
 * nonce (server rendering inlines its hydration data), no plugins, no framing of the site.
 * Development runs Vite's dev server, whose injected scripts carry no nonce, so it has no policy.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const setHeaders = securityHeaderSetter(options);
  return (_req, res, next) => {
    res.locals.cspNonce = nextNonce();
    setHeaders(res, res.locals.cspNonce);
    next();
  };
}

/** Stands for the response's nonce in the headers worked out once. */
const noncePlaceholder = 'response-nonce';

/**
 * The security headers for `options` with a response's nonce, as names and values one after the
 * other (as `writeHead` takes them): helmet's headers, worked out once against a response that
 * only records them (they are the same for every response but for the nonce), instead of by its
 * fifteen middlewares for every response.
 */
export function securityHeaderList(options: SecurityOptions): (nonce: string) => string[] {
  const recorded = new Map<string, string>();
  const recorder = {
    locals: { cspNonce: noncePlaceholder },
    setHeader: (name: string, value: unknown) => recorded.set(name, String(value)),
    removeHeader: (name: string) => recorded.delete(name),
  };
  let done = false;
  helmetOf(options)({} as Request, recorder as unknown as Response, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  const headers = [...recorded].map(([name, value]) => [name, value.split(noncePlaceholder)] as const);
  return (nonce) => {
    const list: string[] = [];
    for (const [name, parts] of headers) list.push(name, parts.length === 1 ? parts[0]! : parts.join(nonce));
    return list;
  };
}

/** Sets the security headers for `options` with a response's nonce (`securityHeaderList`). */
function securityHeaderSetter(options: SecurityOptions) {
  const list = securityHeaderList(options);
  return (res: ServerResponse, nonce: string) => setHeaderList(res, list(nonce));
}

/** Sets headers given as names and values one after the other. */
export function setHeaderList(res: ServerResponse, headers: readonly string[]) {
  for (let index = 0; index < headers.length; index += 2) res.setHeader(headers[index]!, headers[index + 1]!);
}

function helmetOf(options: SecurityOptions) {
  const analyticsHosts = options.googleAnalytics
    ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : [];
  return helmet({
    contentSecurityPolicy: options.enforceCsp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
              ...analyticsHosts.slice(0, 1),
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', ...analyticsHosts],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...analyticsHosts],
            // The areas-covered section embeds a map.
            frameSrc: ['https://www.google.com', 'https://maps.google.com'],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            ...(options.https && { upgradeInsecureRequests: [] }),
          },
        }
      : false,
    strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
