import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * scrypt with one of OWASP's recommended settings (Password Storage Cheat Sheet: N=2^15, r=8,
 * p=3, which uses 32 MiB and costs about as much as argon2id at 19 MiB and 2 passes). Built into
 * Node, so no native add-on is needed. The parameters are stored with each hash, so they can be
 * raised later without invalidating existing passwords.
 */
export const scryptParams = { N: 2 ** 15, r: 8, p: 3 } as const;
/** What new hashes are made with: scryptParams, unless the test suite has lowered it. */
let hashParams: { N: number; r: number; p: number } = scryptParams;
const keyLength = 32;
const saltLength = 16;

/** Memory scrypt may use: 128 * N * r * p bytes plus headroom (Node's default cap is 32 MiB). */
const maxmem = (params: { N: number; r: number; p: number }) =>
  128 * params.N * params.r * params.p + 1024 * 1024;

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(saltLength);
  const key = await scrypt(password.normalize('NFKC'), salt, keyLength, {
    ...hashParams,
    maxmem: maxmem(hashParams),
  });
  const { N, r, p } = hashParams;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` matches `stored`; false for a hash in any other format. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (expected.length === 0) return false;
  const actual = await scrypt(password.normalize('NFKC'), salt, expected.length, {
    N,
    r,
    p,
    maxmem: maxmem({ N, r, p }),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * Makes new hashes with the lowest cost scrypt accepts, for the test suite, which hashes hundreds
 * of passwords. Hashes keep their parameters, so they verify as any other. Refused unless
 * NODE_ENV is 'test' (the built server always runs with 'production').
 */
export function lowerPasswordCostForTests(env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_ENV !== 'test') {
    throw new Error(`A lower password hashing cost is for tests only, not with NODE_ENV=${env.NODE_ENV}`);
  }
  hashParams = { N: 2, r: 1, p: 1 };
}

let decoyHash: Promise<string> | undefined;

/**
 * A hash of a random password with the current parameters. A login for a username that does not
 * exist is checked against it, so it takes as long as one with a wrong password.
 */
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomBytes(24).toString('base64'));
  return decoyHash;
}
