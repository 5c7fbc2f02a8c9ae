import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { addStaffAccount, firstAccountWarning } from './initial-admin.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the start-up warning of an installation without staff accounts', () => {
  it('names the command and the variables that add the first account', async () => {
    const warning = await firstAccountWarning(database.db);
    expect(warning).toContain('there is no staff account yet');
    expect(warning).toContain('npm run admin:create -- <username>');
    expect(warning).toContain('ADMIN_USERNAME and ADMIN_PASSWORD');
    expect(warning).toContain('POST /api/register');
  });

  it('is not given once an account exists', async () => {
    await addStaffAccount(
      database.db,
      { username: 'first-owner', password: 'correct-horse-battery-staple' },
      { onlyIfFirst: true },
    );
    expect(await firstAccountWarning(database.db)).toBeUndefined();
  });
});
