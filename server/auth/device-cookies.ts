import crypto from 'node:crypto';
import type { Database } from '../db/client.ts';
import { installationKey } from '../db/installation-key.ts';

/**
 * Device cookies: a browser that has signed in to an account keeps a token naming that account
 * and a random nonce, signed with a key of the installation. Sign-ins that present a valid one
 * are throttled per token rather than per username, so that strangers failing against a username
 * lock out other strangers, not the people who use it.
 */
const deviceKeyName = 'device-cookie-key';

/** Long enough to outlast holidays; browsers cap cookies at 400 days anyway. */
export const deviceCookieMaxAgeMs = 365 * 24 * 60 * 60 * 1000;

const signature = (key: Buffer, payload: string) =>
  crypto.createHmac('sha256', key).update(`device-cookie:${payload}`).digest('base64url');

/** A new token for `username` (compared in lower case): `<username, base64url>.<nonce>.<signature>`. */
export async function newDeviceToken(db: Database, username: string): Promise<string> {
  const payload = `${Buffer.from(username.toLowerCase()).toString('base64url')}.${crypto.randomBytes(16).toString('base64url')}`;
  return `${payload}.${signature(await installationKey(db, deviceKeyName), payload)}`;
}

/**
 * The identity of a device token that is genuine and names `username`, as failures are counted
 * against it (a hash: the token itself is never stored), or null for anything else (absent,
 * malformed, forged, another account's).
 */
export async function trustedDevice(
  db: Database,
  token: string | undefined,
  username: string,
): Promise<string | null> {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [name, nonce, given] = parts as [string, string, string];
  const expected = Buffer.from(signature(await installationKey(db, deviceKeyName), `${name}.${nonce}`));
  const presented = Buffer.from(given);
  if (presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) return null;
  if (Buffer.from(name, 'base64url').toString() !== username.toLowerCase()) return null;
  return crypto.createHash('sha256').update(`device:${nonce}`).digest('hex');
}
