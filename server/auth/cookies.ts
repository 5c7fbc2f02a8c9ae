import type { CookieOptions, Request, Response } from 'express';
import { deviceCookieMaxAgeMs } from './device-cookies.ts';
import { sessionAbsoluteMs } from './sessions.ts';

const isHttps = (publicUrl: string) => publicUrl.startsWith('https:');

/**
 * Under an https `PUBLIC_URL` the cookies carry the `__Host-` prefix: browsers then accept them
 * only Secure, for the whole site (Path=/) and from this very host (no Domain), so that a
 * neighbouring subdomain or a plain-http page cannot plant or overwrite them. Plain http (development,
 * tests) cannot have that prefix.
 */
const cookieName = (publicUrl: string, name: string) => (isHttps(publicUrl) ? `__Host-${name}` : name);

/** The cookie holding the session token (the token itself is never stored). */
export const sessionCookieName = (publicUrl: string) => cookieName(publicUrl, 'session');

/** The cookie holding this browser's device token (device-cookies.ts). */
const deviceCookieName = (publicUrl: string) => cookieName(publicUrl, 'device');

/**
 * HttpOnly (no script can read it), Secure whenever the site is https, whatever a proxy in front
 * says about this request, or the request itself came over https.
 */
const cookieOptions = (req: Request, publicUrl: string, sameSite: 'lax' | 'strict'): CookieOptions => ({
  httpOnly: true,
  sameSite,
  secure: isHttps(publicUrl) || req.secure,
  path: '/',
});

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      const value = part.slice(separator + 1).trim();
      try {
        return decodeURIComponent(value) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const readSessionToken = (req: Request, publicUrl: string) =>
  readCookie(req, sessionCookieName(publicUrl));

export const readDeviceToken = (req: Request, publicUrl: string) =>
  readCookie(req, deviceCookieName(publicUrl));

/** SameSite=Lax: a link from elsewhere (an e-mail) to the dashboard still finds the session. */
export function setSessionCookie(req: Request, res: Response, publicUrl: string, token: string): void {
  res.cookie(sessionCookieName(publicUrl), token, {
    ...cookieOptions(req, publicUrl, 'lax'),
    maxAge: sessionAbsoluteMs,
  });
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string): void {
  res.clearCookie(sessionCookieName(publicUrl), cookieOptions(req, publicUrl, 'lax'));
}

/** SameSite=Strict: only the site's own sign-in form ever needs it. It outlives sign-out. */
export function setDeviceCookie(req: Request, res: Response, publicUrl: string, token: string): void {
  res.cookie(deviceCookieName(publicUrl), token, {
    ...cookieOptions(req, publicUrl, 'strict'),
    maxAge: deviceCookieMaxAgeMs,
  });
}
