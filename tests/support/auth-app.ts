import pino from 'pino';
import request from 'supertest';
import { beforeEach } from 'vitest';
import { sameOriginHeaders } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { activityLog, loginFailures, sessions, users } from '#server/db/schema.ts';
import { addStaffAccount } from '#server/auth/initial-admin.ts';

/**
 * The sign-in tests: the app on the file's test database, trusting one proxy hop (so tests speak
 * for different clients and for https), its log lines in `logLines` and the time read from
 * `clock`, with no accounts, sessions or sign-in failures before each test.
 */
export function useAuthApp() {
  const password = 'correct-horse-battery-staple';
  const minutes = (count: number) => count * 60 * 1000;

  const clock = { now: new Date() };
  const logLines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  // One proxy hop is trusted, so tests can speak for different clients and for https.
  const fixture = useTestApp({
    env: { TRUST_PROXY: '1' },
    dependencies: () => ({ logger, clock: () => clock.now }),
  });

  beforeEach(async () => {
    clock.now = new Date('2026-03-02T09:00:00Z');
    logLines.length = 0;
    await fixture.database.db.delete(activityLog);
    await fixture.database.db.delete(loginFailures);
    await fixture.database.db.delete(sessions);
    await fixture.database.db.delete(users);
  });

  const addAccount = (username = 'sam') =>
    addStaffAccount(fixture.database.db, { username, password }, { onlyIfFirst: false });

  function logIn(body: object, client = '203.0.113.10') {
    return request(fixture.app)
      .post('/api/login')
      .set(sameOriginHeaders)
      .set('X-Forwarded-For', client)
      .send(body);
  }

  /** The session cookie a response sets: its value and its attributes. */
  function sessionCookieOf(response: request.Response) {
    const header = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('session='));
    if (!header) return undefined;
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    return { cookie: pair!, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
  }

  /** The device cookie a response sets, `device=...`, with its attributes. */
  function deviceCookieOf(response: request.Response) {
    const header = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith('device='));
    if (!header) return undefined;
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    return { cookie: pair!, attributes: attributes.map((attribute) => attribute.toLowerCase()) };
  }

  async function signIn(username = 'sam') {
    const response = await logIn({ username, password }).expect(200);
    return sessionCookieOf(response)!.cookie;
  }

  /** POST /api/register as the site's pages send it, signed in when given a cookie. */
  const register = (cookie: string | undefined, body: object) =>
    request(fixture.app)
      .post('/api/register')
      .set(sameOriginHeaders)
      .set(cookie ? { Cookie: cookie } : {})
      .send(body);

  const whoAmI = (cookie: string) => request(fixture.app).get('/api/user').set('Cookie', cookie);
  return {
    password,
    minutes,
    clock,
    logLines,
    fixture,
    addAccount,
    logIn,
    sessionCookieOf,
    deviceCookieOf,
    signIn,
    register,
    whoAmI,
  };
}
