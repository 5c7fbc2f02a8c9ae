import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { recoveryCodeCount } from '#common/accounts/accounts.ts';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, six digits,
 * 30-second steps, a 160-bit secret (RFC 4226's recommended length).
 */
const period = 30;
const digits = 6;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits, period, secret: Secret.fromBase32(secret) });

/** A new secret, base32. */
export const newTwoFactorSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URL an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, username: string, issuer: string): string =>
  totpOf(secret, username, issuer).toString();

/** The code for `secret` at `now` (tests; the set-up page computes none). */
export const twoFactorCode = (secret: string, now: Date): string =>
  totpOf(secret).generate({ timestamp: now.getTime() });

/**
 * The time step of `code` if it is right at `now`, allowing one step either side for clocks that
 * drift and codes typed as they change; null if not. A step at or before `lastStep` is refused:
 * each code works once (RFC 6238, section 5.2).
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now.getTime() }) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Ten recovery codes of 50 random bits each, as `xxxxx-xxxxx` in lower-case base32. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const code = new Secret({ size: 7 }).base32.toLowerCase().slice(0, 10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** A recovery code as typed, in the form it was hashed in: any case, spaces and dashes ignored. */
const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]+/g, '');

/**
 * Recovery codes are random (50 bits), not chosen by people, so a plain SHA-256 keeps a copy of
 * the database from revealing them (guessing one from its hash is 2^50 tries).
 */
export const hashRecoveryCode = (code: string): string =>
  crypto
    .createHash('sha256')
    .update(`recovery-code:${normaliseRecoveryCode(code)}`)
    .digest('hex');
