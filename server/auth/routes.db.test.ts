import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sameOriginHeaders } from '#tests/support/factories.ts';
import { loginFailures, sessions, users } from '../db/schema.ts';
import { commonPasswordMessage, passwordContainsUsernameMessage } from './password-policy.ts';
import { registrationClosedMessage } from './routes.ts';
import { invalidLoginMessage, tooManyLoginsMessage } from './service.ts';
import { sessionAbsoluteMs, sessionIdleMs } from './sessions.ts';
import { loginThrottle } from './throttle.ts';
import { useAuthApp } from '#tests/support/auth-app.ts';

const {
  password,
  minutes,
  clock,
  logLines,
  fixture,
  addAccount,
  logIn,
  sessionCookieOf,
  signIn,
  register,
  whoAmI,
} = useAuthApp();

describe('registration', () => {
  it('is open while there is no account, and signs the first account in', async () => {
    await request(fixture.app).get('/api/user').expect(401);
    const response = await register(undefined, { username: 'owner', password }).expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      username: 'owner',
      displayName: null,
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
      displayName: null,
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

  it('end at logout with the browser told to forget what the site kept, for staff and fitters alike', async () => {
    await addAccount();
    await addAccount('frank');
    await fixture.database.db.update(users).set({ role: 'fitter' }).where(eq(users.username, 'frank'));
    for (const username of ['sam', 'frank']) {
      const response = await request(fixture.app)
        .post('/api/logout')
        .set(sameOriginHeaders)
        .set('Cookie', await signIn(username))
        .expect(204);
      expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
    }
    // A phone paying a sign-out it owes after its session has already ended is told the same.
    const late = await request(fixture.app).post('/api/logout').set(sameOriginHeaders).expect(204);
    expect(late.headers['clear-site-data']).toBe('"cache", "storage"');
  });

  it('end after 24 hours without use', async () => {
    await addAccount();
    const cookie = await signIn();
    clock.now = new Date(clock.now.getTime() + sessionIdleMs - minutes(1));
    await whoAmI(cookie).expect(200); // used: the idle clock starts again
    clock.now = new Date(clock.now.getTime() + sessionIdleMs - minutes(1));
    await whoAmI(cookie).expect(200);
    clock.now = new Date(clock.now.getTime() + sessionIdleMs + minutes(1));
    await whoAmI(cookie).expect(401);
  });

  it('end 7 days after sign-in, however busy', async () => {
    await addAccount();
    const signedInAt = clock.now.getTime();
    const cookie = await signIn();
    while (clock.now.getTime() + 12 * 60 * minutes(1) < signedInAt + sessionAbsoluteMs) {
      clock.now = new Date(clock.now.getTime() + 12 * 60 * minutes(1));
      await whoAmI(cookie).expect(200);
    }
    clock.now = new Date(signedInAt + sessionAbsoluteMs + 1000);
    await whoAmI(cookie).expect(401);
  });
});

describe('throttling of sign-in', () => {
  it('refuses a username after 5 failures in 15 minutes, even with the right password, until the window passes', async () => {
    await addAccount();
    for (let attempt = 0; attempt < loginThrottle.maxPerUsername; attempt += 1) {
      // From different clients: the username's own limit is what trips.
      await logIn({ username: 'sam', password: `wrong-${attempt}` }, `198.51.100.${attempt + 1}`).expect(401);
      clock.now = new Date(clock.now.getTime() + minutes(1));
    }
    const refused = await logIn({ username: 'sam', password }).expect(429);
    expect(refused.body).toEqual({ error: tooManyLoginsMessage });
    // The first failure leaves the window 15 minutes after it happened, 10 minutes from now.
    expect(Number(refused.headers['retry-after'])).toBe(10 * 60);

    clock.now = new Date(clock.now.getTime() + minutes(10) - 1000);
    await logIn({ username: 'sam', password }).expect(429);
    clock.now = new Date(clock.now.getTime() + 2000);
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

  it('counts an IPv6 client by its /64, whichever of its addresses it uses', async () => {
    await addAccount();
    for (let attempt = 0; attempt < loginThrottle.maxPerClient; attempt += 1) {
      await logIn({ username: `guess${attempt}`, password }, `2001:db8:7:1::${attempt + 1}`).expect(401);
    }
    const refused = await logIn({ username: 'sam', password }, '2001:db8:7:1:ffff::99').expect(429);
    expect(refused.body).toEqual({ error: tooManyLoginsMessage });
    // The next /64 is another client; an IPv4-mapped address is its IPv4 address.
    await logIn({ username: 'sam', password }, '2001:db8:7:2::1').expect(200);
    for (let attempt = 0; attempt < loginThrottle.maxPerClient; attempt += 1) {
      await logIn({ username: `other${attempt}`, password }, '192.0.2.44').expect(401);
    }
    await logIn({ username: 'sam', password }, '::ffff:192.0.2.44').expect(429);
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
