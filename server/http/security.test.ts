import { describe, expect, it } from 'vitest';
import { nextNonce } from './security.ts';

describe('nextNonce', () => {
  it('gives 128 random bits in base64url, never the same twice, past each refill of its pool', () => {
    const nonces = Array.from({ length: 1_000 }, nextNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
