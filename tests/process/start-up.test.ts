import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from '#server/db/data-dir-lock.ts';
import { projectRoot } from '#server/paths.ts';
import { useServerProcesses, waitFor } from '#tests/support/server-process.ts';

/** Starting the server as an operator does: what stops it, and how it says so. */
const { start, tempDataDir, dataDirWithDatabase } = useServerProcesses();

describe('configuration errors', () => {
  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc")'],
    [
      { DATABASE_URL: 'nonsense' },
      'Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@host:5432/database',
    ],
  ])('%o stops the process with one line naming the variable', async (env, line) => {
    const server = await start({ DATA_DIR: tempDataDir(), ...env });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.stderr()).toBe(`${line}\n`);
    expect(server.stdout()).toBe('');
  });
});

describe('a port already in use', () => {
  it('stops the process with one line and releases the data directory', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const dataDir = dataDirWithDatabase();
      const server = await start({ DATA_DIR: dataDir, PORT: String(port) });
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.stderr()).toBe(
        `Cannot start: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`,
      );
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('the data directory lock', () => {
  it('refuses a second server on the same DATA_DIR at once, naming the directory and the holder', async () => {
    const dataDir = dataDirWithDatabase();
    const first = await start({ DATA_DIR: dataDir });
    await first.ready;

    const startedAt = Date.now();
    const second = await start({ DATA_DIR: dataDir });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(second.stderr().trim()).toBe(
      `Cannot start: The data directory ${dataDir} is already in use by process ${first.child.pid}. ` +
        'Stop that process first, or set DATA_DIR to another directory.',
    );

    // The first server is untouched.
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('recovers the lock of a killed server and keeps its data', async () => {
    const dataDir = dataDirWithDatabase();
    const first = await start({ DATA_DIR: dataDir });
    await first.ready;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const second = await start({ DATA_DIR: dataDir });
    await second.ready;
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    // The demo content was seeded by the first run only.
    expect(second.stdout()).not.toContain('demo content seeded');
  });
});

describe('a running server', () => {
  it('renders the site settings from the environment and logs each request with its id', async () => {
    const server = await start({ DATA_DIR: dataDirWithDatabase(), SITE_COMPANY_NAME: 'Kerbside Test Tyres' });
    await server.ready;

    const page = await fetch(`${server.url}/`, {
      headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Kerbside Test Tyres');

    const api = await fetch(`${server.url}/api/services?utm_source=test`);
    const requestId = api.headers.get('x-request-id')!;
    await waitFor(() => server.stdout().includes(requestId));
    const line = server
      .stdout()
      .split('\n')
      .find((entry) => entry.includes(requestId))!;
    const record = JSON.parse(line);
    expect(record).toMatchObject({
      msg: 'request completed',
      req: { id: requestId, method: 'GET', path: '/api/services' },
      res: { status: 200 },
    });
    // No client address and no query string in the log.
    expect(line).not.toContain('127.0.0.1');
    expect(line).not.toContain('utm_source');
  });

  it('says how to add the first staff account while there is none, and not after', async () => {
    const dataDir = dataDirWithDatabase();
    const fresh = await start({ DATA_DIR: dataDir });
    await fresh.ready;
    const warning = fresh
      .stdout()
      .split('\n')
      .find((entry) => entry.includes('no staff account yet'));
    expect(JSON.parse(warning!)).toMatchObject({
      level: 40,
      msg: expect.stringContaining('`npm run admin:create -- <username>`'),
    });
    expect(warning).toContain('ADMIN_USERNAME and ADMIN_PASSWORD');
    // For the person at the terminal: set apart, after the log, the command on a line of its own.
    await waitFor(() => fresh.stderr().endsWith('\n\n'));
    expect(fresh.stderr()).toMatch(/^\nThere is no staff account yet\. /);
    expect(fresh.stderr()).toContain('\n\n    npm run admin:create -- <username>\n\n');
    fresh.child.kill('SIGTERM');
    await fresh.exited;

    const withAccount = await start({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'first-owner',
      ADMIN_PASSWORD: 'correct-horse-battery-staple',
    });
    await withAccount.ready;
    expect(withAccount.stdout()).toContain('first staff account created from ADMIN_USERNAME');
    expect(withAccount.stdout()).not.toContain('no staff account yet');
  });
});

/** `npm run admin:create -- <username>`, the password on stdin's first line, as a script would. */
function adminCreate(username: string, password: string, dataDir: string) {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', username], {
    cwd: projectRoot,
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(`${password}\n`);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('npm run admin:create', () => {
  const password = 'a-first-owner-of-the-site';

  it('adds an account through the running server, which refuses a name taken', async () => {
    const dataDir = dataDirWithDatabase();
    const server = await start({ DATA_DIR: dataDir });
    await server.ready;

    expect(await adminCreate('alex', password, dataDir)).toEqual({
      code: 0,
      stdout: 'Account "alex" created (an owner). Sign in at /auth.\n',
      stderr: '',
    });
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-request': '1', origin: server.url },
      body: JSON.stringify({ username: 'alex', password }),
    });
    expect(login.status).toBe(200);

    expect(await adminCreate('Alex', 'another-owner-password', dataDir)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Account not created:\nThe username "Alex" is already in use.\n',
    });
  });

  it('with no server running, says so when another process holds the data directory', async () => {
    const dataDir = dataDirWithDatabase();
    const lock = await acquireDataDirLock(dataDir);
    try {
      const refused = await adminCreate('alex', password, dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `Account not created: the data directory ${dataDir} is in use by process ${process.pid}, and no ` +
          `server answers on ${path.join(dataDir, 'backup.sock')} (a server still starting, or a command ` +
          'such as npm run db:backup). Try again when it has finished.\n',
      );
    } finally {
      lock.release();
    }
  });
});
