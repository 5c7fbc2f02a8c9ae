import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import { sameOriginHeaders } from '#tests/support/factories.ts';
import { activityLog, loginFailures, users } from '../db/schema.ts';
import { crossSiteMessage } from './guard.ts';
import { tooManyLoginsMessage } from './service.ts';
import { loginThrottle } from './throttle.ts';
import { useAuthApp } from '#tests/support/auth-app.ts';

const {
  password,

  clock,
  fixture,
  addAccount,
  logIn,
  sessionCookieOf,
  deviceCookieOf,
  signIn,
  whoAmI,
} = useAuthApp();

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
      clock: () => clock.now,
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
