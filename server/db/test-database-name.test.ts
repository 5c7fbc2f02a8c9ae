import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';

describe('the test database', () => {
  it('is refused to a test file not named *.db.test.ts, which CI would not run on PostgreSQL', async () => {
    await expect(createTestDatabase()).rejects.toThrow(
      'test-database-name.test.ts uses the test database: name it *.db.test.ts',
    );
  });
});
