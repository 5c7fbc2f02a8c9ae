import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, lowerPasswordCostForTests, scryptParams, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('verify the password they were made from, and no other', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w+/=]+\$[\w+/=]+$/);
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horsf', stored)).resolves.toBe(false);
    await expect(verifyPassword('correct horse', 'bcrypt$something')).resolves.toBe(false);
  });

  it('verify with the parameters stored in them, whatever new hashes are made with', async () => {
    const { N, r, p } = scryptParams;
    const salt = Buffer.alloc(16, 1);
    const key = crypto.scryptSync('s3cret', salt, 32, { N, r, p, maxmem: 128 * N * r * p + 1024 * 1024 });
    const stored = ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
    await expect(verifyPassword('s3cret', stored)).resolves.toBe(true);
    await expect(verifyPassword('S3cret', stored)).resolves.toBe(false);
  });

  it('are made at the lower cost only with NODE_ENV=test', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(() => lowerPasswordCostForTests({ NODE_ENV })).toThrow(/for tests only/);
    }
    expect(() => lowerPasswordCostForTests({ NODE_ENV: 'test' })).not.toThrow();
  });
});
