import pino from 'pino';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { sameOriginHeaders } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { activityLog, loginFailures, sessions, users } from '../db/schema.ts';
import { crossSiteMessage } from './guard.ts';
import { addStaffAccount } from './initial-admin.ts';
import { commonPasswordMessage, passwordContainsUsernameMessage } from './password-policy.ts';
import { registrationClosedMessage } from './routes.ts';
import { invalidLoginMessage, tooManyLoginsMessage } from './service.ts';
import { sessionAbsoluteMs, sessionIdleMs } from './sessions.ts';
import { loginThrottle } from './throttle.ts';

const password = 'correct-horse-battery-staple';
const minutes = (count: number) => count * 60 * 1000;

let now: Date;
const logLines: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
);
// One proxy hop is trusted, so tests can speak for different clients and for https.
const fixture = useTestApp({ env: { TRUST_PROXY: '1' }, dependencies: () => ({ logger, clock: () => now }) });

beforeEach(async () => {
  now = new Date('2026-03-02T09:00:00Z');
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

describe('registration', () => {
  it('is open while there is no account, and signs the first account in', async () => {
    await request(fixture.app).get('/api/user').expect(401);
    const response = await register(undefined, { username: 'owner', password }).expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      username: 'owner',
      role: 'owner',
      twoFactor: false,
      twoFactorSetupRequired: false,
    });
    const cookie = sessionCookieOf(response)!.cookie;
    expect((await whoAmI(cookie).expect(200)).body).toEqual(response.body);
  });

  it('is closed to anyone signed out once an account exists', async () => {
    await addAccount();
    const response = await register(undefined, {
      username: 'intruder',
      password: 'another-long-passphrase',
    }).expect(403);
    expect(response.body).toEqual({ error: registrationClosedMessage });
    expect(await fixture.database.db.select({ username: users.username }).from(users)).toEqual([
      { username: 'sam' },
    ]);
  });

  it('lets a signed-in owner add a staff account without signing them out', async () => {
    await addAccount();
    const cookie = await signIn();
    const response = await register(cookie, { username: 'alex', password: 'another-long-passphrase' }).expect(
      201,
    );
    expect(response.body).toMatchObject({ username: 'alex', role: 'staff' });
    expect(sessionCookieOf(response)).toBeUndefined();
    expect((await whoAmI(cookie).expect(200)).body.username).toBe('sam');
    await logIn({ username: 'alex', password: 'another-long-passphrase' }).expect(200);
  });

  it('lets only one of two simultaneous first registrations through', async () => {
    const responses = await Promise.all(
      ['first', 'second'].map((username) => register(undefined, { username, password })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 403]);
    expect(await fixture.database.db.select().from(users)).toHaveLength(1);
  });

  it.each([
    ['too short', 'short-pass1', 'Password must be at least 12 characters'],
    ['129 characters', 'x'.repeat(129), 'Password must be 128 characters or fewer'],
    ['a common password', 'qwertyuiop123', commonPasswordMessage],
    ['a common word with digits and symbols', 'Password2024!', commonPasswordMessage],
    ['the username inside', 'owner-is-my-password', passwordContainsUsernameMessage],
  ])('refuses a new password that is %s', async (_case, newPassword, message) => {
    const response = await register(undefined, { username: 'owner', password: newPassword }).expect(400);
    expect(response.body.fieldErrors).toEqual({ password: [message] });
    expect(await fixture.database.db.select().from(users)).toEqual([]);
  });

  it('accepts a 128-character password and refuses a username already taken, whatever its case', async () => {
    await register(undefined, { username: 'Owner', password: 'ab1-'.repeat(32) }).expect(201);
    const signedIn = sessionCookieOf(
      await logIn({ username: 'owner', password: 'ab1-'.repeat(32) }).expect(200),
    )!.cookie;
    const taken = await register(signedIn, { username: 'OWNER', password: 'another-long-passphrase' }).expect(
      409,
    );
    expect(taken.body.fieldErrors.username).toEqual(['That username is already in use']);
  });
});

describe('signing in', () => {
  it('answers with the spec messages when a field is empty', async () => {
    const response = await logIn({ username: ' ', password: '' }).expect(400);
    expect(response.body.fieldErrors).toEqual({
      username: ['Username is required'],
      password: ['Password is required'],
    });
  });

  it('gives the same answer for a wrong username as for a wrong password', async () => {
    await addAccount();
    const wrongUser = await logIn({ username: 'nobody', password }).expect(401);
    const wrongPassword = await logIn({ username: 'sam', password: 'not-the-password' }).expect(401);
    expect(wrongUser.body).toEqual({ error: invalidLoginMessage });
    expect(wrongPassword.body).toEqual(wrongUser.body);
    expect(sessionCookieOf(wrongUser)).toBeUndefined();
  });

  it('sets an HttpOnly, SameSite=Lax session cookie of 256 random bits, Secure only over https', async () => {
    await addAccount();
    const overHttp = await logIn({ username: 'Sam', password }).expect(200);
    expect(overHttp.body).toEqual({
      id: expect.any(Number),
      username: 'sam',
      role: 'owner',
      twoFactor: false,
      twoFactorSetupRequired: false,
    });
    const cookie = sessionCookieOf(overHttp)!;
    expect(cookie.cookie).toMatch(/^session=[A-Za-z0-9_-]{43}$/);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(cookie.attributes).not.toContain('secure');

    const overHttps = await logIn({ username: 'sam', password })
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(sessionCookieOf(overHttps)!.attributes).toContain('secure');

    // Only a hash of the token is stored.
    const stored = await fixture.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((row) => row.tokenHash)).not.toContain(cookie.cookie.slice('session='.length));
  });

  it('gives a new token at each sign-in and voids the one the browser had', async () => {
    await addAccount();
    const first = await signIn();
    const response = await logIn({ username: 'sam', password }).set('Cookie', first).expect(200);
    const second = sessionCookieOf(response)!.cookie;
    expect(second).not.toBe(first);
    await whoAmI(first).expect(401);
    await whoAmI(second).expect(200);
  });

  it('logs every attempt with the username and outcome, never the password', async () => {
    await addAccount();
    await logIn({ username: 'sam', password: 'wrong-password-123' }).expect(401);
    await logIn({ username: 'sam', password }).expect(200);
    const attempts = logLines.filter((line) => line.msg === 'sign-in attempt');
    expect(attempts.map((line) => [line.username, line.outcome])).toEqual([
      ['sam', 'refused'],
      ['sam', 'signed-in'],
    ]);
    const everything = JSON.stringify(logLines);
    expect(everything).not.toContain(password);
    expect(everything).not.toContain('wrong-password-123');
  });
});

describe('sessions', () => {
  it('end at logout: the old cookie stops working', async () => {
    await addAccount();
    const cookie = await signIn();
    const response = await request(fixture.app)
      .post('/api/logout')
      .set(sameOriginHeaders)
      .set('Cookie', cookie)
      .expect(204);
    expect(sessionCookieOf(response)!.cookie).toBe('session=');
    await whoAmI(cookie).expect(401);
    expect(await fixture.database.db.select().from(sessions)).toEqual([]);
  });

  it('end after 24 hours without use', async () => {
    await addAccount();
    const cookie = await signIn();
    now = new Date(now.getTime() + sessionIdleMs - minutes(1));
    await whoAmI(cookie).expect(200); // used: the idle clock starts again
    now = new Date(now.getTime() + sessionIdleMs - minutes(1));
    await whoAmI(cookie).expect(200);
    now = new Date(now.getTime() + sessionIdleMs + minutes(1));
    await whoAmI(cookie).expect(401);
  });

  it('end 7 days after sign-in, however busy', async () => {
    await addAccount();
    const signedInAt = now.getTime();
    const cookie = await signIn();
    while (now.getTime() + 12 * 60 * minutes(1) < signedInAt + sessionAbsoluteMs) {
      now = new Date(now.getTime() + 12 * 60 * minutes(1));
      await whoAmI(cookie).expect(200);
    }
    now = new Date(signedInAt + sessionAbsoluteMs + 1000);
    await whoAmI(cookie).expect(401);
  });
});

describe('throttling of sign-in', () => {
  it('refuses a username after 5 failures in 15 minutes, even with the right password, until the window passes', async () => {
    await addAccount();
    for (let attempt = 0; attempt < loginThrottle.maxPerUsername; attempt += 1) {
      // From different clients: the username's own limit is what trips.
      await logIn({ username: 'sam', password: `wrong-${attempt}` }, `198.51.100.${attempt + 1}`).expect(401);
      now = new Date(now.getTime() + minutes(1));
    }
    const refused = await logIn({ username: 'sam', password }).expect(429);
    expect(refused.body).toEqual({ error: tooManyLoginsMessage });
    // The first failure leaves the window 15 minutes after it happened, 10 minutes from now.
    expect(Number(refused.headers['retry-after'])).toBe(10 * 60);

    now = new Date(now.getTime() + minutes(10) - 1000);
    await logIn({ username: 'sam', password }).expect(429);
    now = new Date(now.getTime() + 2000);
    await logIn({ username: 'sam', password }).expect(200);
  });

  it('refuses a client that tries many usernames, with the same answer', async () => {
    await addAccount();
    for (let attempt = 0; attempt < loginThrottle.maxPerClient; attempt += 1) {
      await logIn({ username: `guess${attempt}`, password }, '192.0.2.7').expect(401);
    }
    const refused = await logIn({ username: 'sam', password }, '192.0.2.7').expect(429);
    expect(refused.body).toEqual({ error: tooManyLoginsMessage });
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    // The account itself is not locked for everyone else.
    await logIn({ username: 'sam', password }, '192.0.2.8').expect(200);
    // No client address is stored.
    const stored = JSON.stringify(await fixture.database.db.select().from(loginFailures));
    expect(stored).not.toContain('192.0.2.7');
  });

  it('forgives a username its failures after a successful sign-in', async () => {
    await addAccount();
    for (let attempt = 0; attempt < loginThrottle.maxPerUsername - 1; attempt += 1) {
      await logIn({ username: 'sam', password: 'wrong-password' }).expect(401);
    }
    await logIn({ username: 'sam', password }).expect(200);
    await logIn({ username: 'sam', password: 'wrong-password' }).expect(401);
    await logIn({ username: 'sam', password }).expect(200);
  });

  it('counts a burst of simultaneous guesses in full', async () => {
    await addAccount();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        logIn({ username: 'sam', password: `guess-${attempt}` }, `198.51.100.${attempt + 1}`),
      ),
    );
    const checked = responses.filter((response) => response.status === 401).length;
    expect(checked).toBeLessThanOrEqual(loginThrottle.maxPerUsername);
    expect(responses.filter((response) => response.status === 429).length).toBe(12 - checked);
  });
});

describe('CSRF defence', () => {
  /** A signed-in staff member's cookie. */
  async function staffCookie() {
    await addAccount();
    return signIn();
  }

  it.each([
    ['without the admin header', { Origin: sameOriginHeaders.Origin }],
    ['from another site', { ...sameOriginHeaders, Origin: 'https://evil.example' }],
    ['from a cross-site fetch', { ...sameOriginHeaders, 'Sec-Fetch-Site': 'cross-site' }],
    ['from a same-site subdomain', { ...sameOriginHeaders, 'Sec-Fetch-Site': 'same-site' }],
    ['with neither Origin nor Sec-Fetch-Site', { 'X-Admin-Request': '1' }],
  ])('refuses a state-changing request %s', async (_case, headers) => {
    const cookie = await staffCookie();
    const response = await request(fixture.app)
      .post('/api/logout')
      .set('Cookie', cookie)
      .set(headers)
      .expect(403);
    expect(response.body).toEqual({ error: crossSiteMessage });
    await whoAmI(cookie).expect(200);
  });

  it('accepts a same-origin request known by Sec-Fetch-Site alone', async () => {
    const cookie = await staffCookie();
    await request(fixture.app)
      .post('/api/logout')
      .set({ Cookie: cookie, 'X-Admin-Request': '1', 'Sec-Fetch-Site': 'same-origin' })
      .expect(204);
  });

  it('guards sign-in too (no logging in a victim as the attacker)', async () => {
    await addAccount();
    await request(fixture.app)
      .post('/api/login')
      .set('Origin', 'https://evil.example')
      .send({ username: 'sam', password })
      .expect(403);
  });
});

describe('device cookies', () => {
  const lockOuts = () =>
    fixture.database.db
      .select({ actorName: activityLog.actorName, detail: activityLog.detail })
      .from(activityLog)
      .where(eq(activityLog.kind, 'sign-in-locked'));

  /** The owner's own browser, which signed in once and kept its device cookie. */
  async function knownBrowser() {
    await addAccount();
    const response = await logIn({ username: 'sam', password }, '203.0.113.10').expect(200);
    const device = deviceCookieOf(response)!;
    expect(device.cookie).toMatch(/^device=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(device.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/']));
    expect(device.attributes).not.toContain('secure');
    expect(device.attributes.some((attribute) => attribute.startsWith('domain'))).toBe(false);
    const maxAge = Number(device.attributes.find((attribute) => attribute.startsWith('max-age='))!.slice(8));
    expect(maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    return device.cookie;
  }

  it("let the owner's known browser in while strangers' failures lock the username", async () => {
    const device = await knownBrowser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await logIn(
        { username: 'sam', password: `guess-${attempt}` },
        `198.51.100.${attempt + 1}`,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    // A stranger with the right password is refused too, from anywhere.
    await logIn({ username: 'Sam', password }, '192.0.2.99').expect(429);

    // The owner's browser signs in, and gets a new device cookie.
    const owner = await logIn({ username: 'sam', password }, '203.0.113.10')
      .set('Cookie', device)
      .expect(200);
    expect(deviceCookieOf(owner)!.cookie).not.toBe(device);

    // One lock-out recorded, naming the account and not the cookie.
    expect(await lockOuts()).toEqual([{ actorName: 'sam', detail: { lockedOut: 'username', minutes: 15 } }]);
    const stored = JSON.stringify([
      await fixture.database.db.select().from(activityLog),
      await fixture.database.db.select().from(loginFailures),
    ]);
    expect(stored).not.toContain(device.slice('device='.length));
    expect(stored).not.toContain(device.split('.')[1]!);
  });

  it('are ignored when forged, tampered with or made for another account', async () => {
    const device = await knownBrowser();
    await addAccount('alex');
    const alexDevice = deviceCookieOf(await logIn({ username: 'alex', password }).expect(200))!.cookie;
    for (let attempt = 0; attempt < loginThrottle.maxPerUsername; attempt += 1) {
      await logIn({ username: 'sam', password: `guess-${attempt}` }, `198.51.100.${attempt + 1}`).expect(401);
    }
    const [name, nonce, signature] = device.slice('device='.length).split('.') as [string, string, string];
    const tampered = [
      `device=${name}.${nonce}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `device=${name}.${nonce.slice(0, -2)}${nonce.endsWith('AA') ? 'BB' : 'AA'}.${signature}`,
      `device=${Buffer.from('sam').toString('base64url')}.${'A'.repeat(22)}.${'A'.repeat(43)}`,
      alexDevice,
      'device=not-a-device-cookie',
    ];
    for (const cookie of tampered) {
      const response = await logIn({ username: 'sam', password }, '203.0.113.10').set('Cookie', cookie);
      expect({ cookie, status: response.status }).toEqual({ cookie, status: 429 });
    }
    await logIn({ username: 'sam', password }, '203.0.113.10').set('Cookie', device).expect(200);
  });

  it('lock only themselves after 5 failures: the username stays open to others', async () => {
    const device = await knownBrowser();
    const fromDevice = () =>
      logIn({ username: 'sam', password: 'a-wrong-guess' }, '203.0.113.10').set('Cookie', device);
    for (let attempt = 0; attempt < loginThrottle.maxPerDevice; attempt += 1) await fromDevice().expect(401);
    const locked = await logIn({ username: 'sam', password }, '203.0.113.10')
      .set('Cookie', device)
      .expect(429);
    expect(locked.body).toEqual({ error: tooManyLoginsMessage });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(await lockOuts()).toEqual([{ actorName: 'sam', detail: { lockedOut: 'device', minutes: 15 } }]);
    // The same person on another device (no cookie) is counted against the username, which is clear.
    await logIn({ username: 'sam', password }, '192.0.2.30').expect(200);
  });

  it('count the second step of a two-factor sign-in against the device too', async () => {
    const device = await knownBrowser();
    const [account] = await fixture.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'sam'));
    await fixture.database.db
      .update(users)
      .set({ twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' })
      .where(eq(users.id, account!.id));
    // Strangers lock the username.
    for (let attempt = 0; attempt < loginThrottle.maxPerUsername; attempt += 1) {
      await logIn({ username: 'sam', password: `guess-${attempt}` }, `198.51.100.${attempt + 1}`).expect(401);
    }
    const step = await logIn({ username: 'sam', password }, '203.0.113.10').set('Cookie', device).expect(200);
    expect(step.body).toEqual({ twoFactorRequired: true });
    const pending = sessionCookieOf(step)!.cookie;
    const refused = await request(fixture.app)
      .post('/api/login/two-factor')
      .set(sameOriginHeaders)
      .set('X-Forwarded-For', '203.0.113.10')
      .set('Cookie', `${pending}; ${device}`)
      .send({ code: '000000' });
    // Refused as a wrong code, not throttled by the strangers' failures.
    expect(refused.status).toBe(401);
  });
});

describe('cookies under an https PUBLIC_URL', () => {
  it('are __Host- prefixed and Secure even when reached over plain http, and are read back by that name', async () => {
    const site = 'https://tyres.example';
    const httpsApp = createTestApp(fixture.database, {
      config: testConfig({ PUBLIC_URL: site, TRUST_PROXY: '0' }),
      clock: () => now,
    });
    await addAccount();
    const response = await request(httpsApp)
      .post('/api/login')
      .set({ 'X-Admin-Request': '1', Origin: site })
      .send({ username: 'sam', password })
      .expect(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('__Host-session='))!;
    expect(session).toBeDefined();
    const attributes = session.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    expect(attributes.some((attribute) => attribute.startsWith('domain'))).toBe(false);
    const device = cookies.find((cookie) => cookie.startsWith('__Host-device='))!;
    expect(device.split(';').map((part) => part.trim().toLowerCase())).toEqual(
      expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']),
    );
    expect(cookies.some((cookie) => cookie.startsWith('session=') || cookie.startsWith('device='))).toBe(
      false,
    );

    const pair = session.split(';')[0]!;
    const token = pair.slice('__Host-session='.length);
    expect((await request(httpsApp).get('/api/user').set('Cookie', pair).expect(200)).body.username).toBe(
      'sam',
    );
    // The plain name means nothing there.
    await request(httpsApp).get('/api/user').set('Cookie', `session=${token}`).expect(401);
    const out = await request(httpsApp)
      .post('/api/logout')
      .set({ 'X-Admin-Request': '1', Origin: site, Cookie: pair })
      .expect(204);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).join()).toMatch(/^__Host-session=;/);
    await request(httpsApp).get('/api/user').set('Cookie', pair).expect(401);
  });
});
