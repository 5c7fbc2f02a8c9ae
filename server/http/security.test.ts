import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { nextNonce, securityHeaders, type SecurityOptions } from './security.ts';

describe('nextNonce', () => {
  it('gives 128 random bits in base64url, never the same twice, past each refill of its pool', () => {
    const nonces = Array.from({ length: 1_000 }, nextNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe('securityHeaders', () => {
  /** The headers the middleware sets on a response, and the nonce it gave the response. */
  function headersOf(options: SecurityOptions) {
    const headers = new Map<string, string>();
    const res = {
      locals: {} as { cspNonce?: string },
      setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    };
    let passed = false;
    securityHeaders(options)({} as Request, res as unknown as Response, () => {
      passed = true;
    });
    expect(passed).toBe(true);
    return { headers, nonce: res.locals.cspNonce };
  }

  it("puts each response's own nonce in its policy, beside helmet's fixed headers", () => {
    const first = headersOf({ https: false, enforceCsp: true });
    const second = headersOf({ https: false, enforceCsp: true });
    expect(first.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.headers.get('content-security-policy')).toContain(
      `script-src 'self' 'nonce-${first.nonce}';`,
    );
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${second.nonce}'`);
    expect(first.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(first.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.has('strict-transport-security')).toBe(false);
  });

  it('tells browsers to use https only when the site is served over it, and has no policy without enforcement', () => {
    const { headers } = headersOf({ https: true, enforceCsp: false });
    expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(headers.has('content-security-policy')).toBe(false);
    const https = headersOf({ https: true, enforceCsp: true }).headers;
    expect(https.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });
});
