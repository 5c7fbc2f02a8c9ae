import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { withCreatedDatabase } from '#tests/support/created-database.ts';
import { openDatabase, selectRows } from './client.ts';

// The files initdb writes (with its postgresql.conf), made once for the test run.
const dataDir = withCreatedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-settings-')));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('runs with 16 MB of shared buffers, not the 128 MB its postgresql.conf asks for', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const [setting] = await selectRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      expect(setting).toEqual({ shared_buffers: '16MB' });
      expect(fs.readFileSync(path.join(dataDir, 'pgdata', 'postgresql.conf'), 'utf8')).toMatch(
        /^shared_buffers = 128MB/m,
      );
    } finally {
      await database.close();
    }
  });
});
