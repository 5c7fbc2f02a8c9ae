import crypto from 'node:crypto';
import { analyticsPathMaxLength } from '#common/analytics/analytics.ts';

/** A page view as stored: no IP address, no cookie, nothing that links it to another day. */
export type PageView = {
  occurredAt: string;
  day: string;
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: 'mobile' | 'tablet' | 'desktop';
  visitorId: string;
};

/**
 * The day's pseudonymous visitor: a hash of the day's secret salt, the client address and the
 * User-Agent. Stable within a day; the salt is deleted the next day, so nobody, the business
 * included, can link it to the same person on another day.
 */
export function visitorId(salt: Buffer, clientAddress: string, userAgent: string): string {
  return crypto
    .createHash('sha256')
    .update(salt)
    .update('\0')
    .update(clientAddress)
    .update('\0')
    .update(userAgent)
    .digest('hex')
    .slice(0, 32);
}

/** A rough device class from the User-Agent, enough to tell phone from desktop visitors. */
export function deviceClass(userAgent: string): PageView['device'] {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

const utmValue = (params: URLSearchParams, name: string) => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, 100) : null;
};

/** The path without query string or fragment, and the campaign fields of its query string. */
export function parseLandingPath(pathWithQuery: string) {
  const url = new URL(pathWithQuery, 'http://site.invalid');
  const path = decodeSafely(url.pathname).slice(0, analyticsPathMaxLength) || '/';
  return {
    path,
    utmSource: utmValue(url.searchParams, 'utm_source'),
    utmMedium: utmValue(url.searchParams, 'utm_medium'),
    utmCampaign: utmValue(url.searchParams, 'utm_campaign'),
  };
}

function decodeSafely(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The referring site's host, or null for none, for a link from this site, or for nonsense. */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  if (!/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (ownHosts.some((own) => own.toLowerCase().replace(/^www\./, '') === host)) return null;
  return host.slice(0, 253);
}
