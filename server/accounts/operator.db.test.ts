import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testOrigin } from '#tests/support/app.ts';
import { withCreatedDatabase } from '#tests/support/created-database.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { sameOriginHeaders } from '#tests/support/factories.ts';
import { addStaffAccount } from '../auth/initial-admin.ts';
import { backupSocketPath, openBackupSocket, requestAccessReset } from '../backups/control-socket.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { activityLog, sessions, users } from '../db/schema.ts';
import { projectRoot } from '../paths.ts';
import { resetAccessByUsername } from './operator.ts';

const password = 'correct-horse-battery-staple';
let database: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-reset-'));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the operator resetting an account (npm run admin:reset)', () => {
  it('is done by the running server through its socket: a set-up link, the old password and sessions gone', async () => {
    const app = createTestApp(database);
    await addStaffAccount(database.db, { username: 'Olivia', password }, { onlyIfFirst: false });
    const signIn = await request(app)
      .post('/api/login')
      .set(sameOriginHeaders)
      .send({ username: 'olivia', password });
    expect(signIn.status).toBe(200);
    const socket = await openBackupSocket({
      dataDir,
      dump: async () => new Uint8Array(),
      resetAccess: (username) =>
        resetAccessByUsername(database.db, username, { now: new Date(), publicUrl: testOrigin }),
      logger: pino({ level: 'silent' }),
    });
    try {
      const link = await requestAccessReset(backupSocketPath(dataDir), 'OLIVIA');
      expect(link.setupUrl).toMatch(new RegExp(`^${testOrigin}/account-setup/[A-Za-z0-9_-]{43}$`));
      expect(await database.db.select().from(sessions)).toEqual([]);
      await request(app)
        .post('/api/login')
        .set(sameOriginHeaders)
        .send({ username: 'olivia', password })
        .expect(401);
      const token = link.setupUrl.split('/').pop()!;
      await request(app)
        .post(`/api/account-setup/${token}`)
        .set(sameOriginHeaders)
        .send({ password: 'a-fresh-start-after-all' })
        .expect(200);
      const [entry] = await database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.kind, 'access-reset'));
      expect(entry).toMatchObject({
        actorId: null,
        actorName: null,
        target: 'account Olivia',
        detail: { by: 'operator' },
      });

      await expect(requestAccessReset(backupSocketPath(dataDir), 'nobody')).rejects.toThrow(
        'The server could not reset the access: There is no account named "nobody".',
      );
    } finally {
      await socket?.close();
    }
  });

  it('is done by the command itself when no server runs', async () => {
    const folder = withCreatedDatabase(path.join(dataDir, 'alone'));
    const alone = await openDatabase({ dataDir: folder });
    await alone.migrate();
    await addStaffAccount(alone.db, { username: 'sam', password }, { onlyIfFirst: false });
    await alone.close();
    const env = {
      ...process.env,
      ...{ DATA_DIR: folder, DATABASE_URL: '', PUBLIC_URL: 'https://tyres.example', LOG_LEVEL: 'silent' },
    };
    const run = (username: string) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin-reset.ts', username], {
        cwd: projectRoot,
        env,
      });
    const { stdout } = await run('sam');
    expect(stdout).toMatch(/^Access of "sam" reset/);
    expect(stdout).toMatch(/https:\/\/tyres\.example\/account-setup\/[A-Za-z0-9_-]{43}\n$/);
    await expect(run('nobody')).rejects.toMatchObject({
      stderr: 'Nothing reset: There is no account named "nobody".\n',
    });
    const after = await openDatabase({ dataDir: folder });
    try {
      expect((await after.db.select().from(users))[0]!.passwordHash).toBeNull();
    } finally {
      await after.close();
    }
  }, 60_000);
});
