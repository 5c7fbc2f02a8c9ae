import { eq } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  invalidCodeMessage,
  lastOwnerMessage,
  noPendingSignInMessage,
  ownersOnlyMessage,
  setupLinkInvalidMessage,
  tooManyProofsMessage,
  twoFactorSetupNeededMessage,
  wrongCurrentPasswordMessage,
  wrongProofMessage,
  type ActivityEntry,
  type NewStaffAccount,
  type StaffAccount,
  type StaffSession,
  type TwoFactorSetup,
} from '#common/accounts.ts';
import { testOrigin } from '#tests/support/app.ts';
import type { Enquiry } from '#common/enquiry.ts';
import { clearEnquiries, makeEnquiry, sameOriginHeaders } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { purgeOldActivity } from '../activity/service.ts';
import { addStaffAccount } from '../auth/initial-admin.ts';
import { crossSiteMessage } from '../auth/guard.ts';
import { invalidLoginMessage, tooManyLoginsMessage } from '../auth/service.ts';
import { twoFactorCode } from '../auth/two-factor.ts';
import {
  accountSetupTokens,
  activityLog,
  appMeta,
  loginFailures,
  recoveryCodes,
  sessions,
  users,
} from '../db/schema.ts';

const ownerPassword = 'correct-horse-battery-staple';
const newcomerPassword = 'lug-nuts-and-valve-caps-7';
const hours = (count: number) => count * 60 * 60 * 1000;

let now: Date;
const fixture = useTestApp({ env: { TRUST_PROXY: '1' }, dependencies: () => ({ clock: () => now }) });

beforeEach(async () => {
  now = new Date('2026-11-24T09:00:00Z');
  await fixture.database.db.delete(activityLog);
  await fixture.database.db.delete(loginFailures);
  await fixture.database.db.delete(sessions);
  await fixture.database.db.delete(users);
  await fixture.database.db.delete(appMeta);
  await clearEnquiries(fixture.database.db);
});

/** A browser: its cookie follows each answer, as a real one's would. */
function browser(client = '203.0.113.10') {
  let cookie = '';
  const send = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, body?: object) => {
    const call = request(fixture.app)[method](url).set(sameOriginHeaders).set('X-Forwarded-For', client);
    if (cookie) call.set('Cookie', cookie);
    return (body === undefined ? call : call.send(body)).then((response) => {
      const set = ([] as string[])
        .concat(response.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('session='));
      if (set) cookie = set.split(';')[0]!;
      return response;
    });
  };
  return {
    send,
    get cookie() {
      return cookie;
    },
    logIn: (username: string, password: string) => send('post', '/api/login', { username, password }),
  };
}

/** The owner, signed in. */
async function owner() {
  await addStaffAccount(
    fixture.database.db,
    { username: 'olivia', password: ownerPassword },
    { onlyIfFirst: false },
  );
  const tab = browser();
  expect((await tab.logIn('olivia', ownerPassword)).status).toBe(200);
  return tab;
}

/** A new account added by `by`, set up through its link, and signed in in a browser of its own. */
async function newcomer(by: ReturnType<typeof browser>, username = 'sam', role: 'owner' | 'staff' = 'staff') {
  const added = await by.send('post', '/api/users', { username, role });
  expect(added.status).toBe(201);
  const account = added.body as NewStaffAccount;
  const tab = browser('198.51.100.7');
  const token = new URL(account.setupUrl).pathname.split('/').pop()!;
  const setUp = await tab.send('post', `/api/account-setup/${token}`, { password: newcomerPassword });
  expect(setUp.status).toBe(200);
  return { account, tab, token };
}

/** Turns two-factor sign-in on for the signed-in `tab`; returns the secret and recovery codes. */
async function turnOnTwoFactor(tab: ReturnType<typeof browser>) {
  const setup = (await tab.send('post', '/api/user/two-factor/setup')).body as TwoFactorSetup;
  const enabled = await tab.send('post', '/api/user/two-factor/enable', {
    code: twoFactorCode(setup.secret, now),
  });
  expect(enabled.status).toBe(200);
  return { secret: setup.secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
}

const activity = async () => fixture.database.db.select().from(activityLog).orderBy(activityLog.id);

describe('roles', () => {
  it('makes the first and operator-made accounts owners, and says so with two-factor in GET /api/user', async () => {
    const tab = browser();
    const first = await tab.send('post', '/api/register', { username: 'first', password: ownerPassword });
    expect(first.body).toMatchObject({ role: 'owner', twoFactor: false, twoFactorSetupRequired: false });
    expect((await tab.send('get', '/api/user')).body).toEqual(first.body);
  });

  it('keeps staff out of account management and the activity log, and cross-site requests out of everything', async () => {
    const boss = await owner();
    const { tab: staff } = await newcomer(boss);
    for (const [method, url, body] of [
      ['get', '/api/users'],
      ['post', '/api/users', { username: 'eve', role: 'owner' }],
      ['patch', '/api/users/1', { role: 'staff' }],
      ['delete', '/api/users/1'],
      ['post', '/api/users/1/reset-link'],
      ['get', '/api/settings/security'],
      ['put', '/api/settings/security', { requireTwoFactor: false }],
      ['get', '/api/activity'],
      ['post', '/api/register', { username: 'eve', password: 'a-long-enough-passphrase' }],
    ] as const) {
      const response = await staff.send(method, url, body);
      expect({ url, method, status: response.status, body: response.body }).toEqual({
        url,
        method,
        status: 403,
        body: { error: ownersOnlyMessage },
      });
    }
    expect(await fixture.database.db.select().from(users)).toHaveLength(2);
    // Their own account is theirs to manage.
    expect((await staff.send('get', '/api/user/sessions')).status).toBe(200);

    const crossSite = await request(fixture.app)
      .post('/api/users')
      .set({ Cookie: boss.cookie, 'X-Admin-Request': '1', Origin: 'https://evil.example' })
      .send({ username: 'eve', role: 'owner' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ error: crossSiteMessage });
    const noHeader = await request(fixture.app)
      .post('/api/user/password')
      .set({ Cookie: boss.cookie, Origin: testOrigin });
    expect(noHeader.status).toBe(403);
  });

  it('always leaves an active owner: the last one cannot be demoted, disabled or deleted', async () => {
    const boss = await owner();
    const [me] = (await boss.send('get', '/api/users')).body as StaffAccount[];
    for (const [method, body] of [
      ['patch', { role: 'staff' }],
      ['patch', { disabled: true }],
      ['delete', undefined],
    ] as const) {
      const response = await boss.send(method, `/api/users/${me!.id}`, body);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ error: lastOwnerMessage });
    }
    expect((await boss.send('get', '/api/users')).body).toEqual([me]);

    // With a second owner, one of two owners demoting each other at once wins.
    const { account: second, tab: secondTab } = await newcomer(boss, 'priya', 'owner');
    const answers = await Promise.all([
      boss.send('patch', `/api/users/${second.id}`, { role: 'staff' }),
      secondTab.send('patch', `/api/users/${me!.id}`, { role: 'staff' }),
    ]);
    // The loser is refused by the last-owner rule, or, if the winner got there first, as staff.
    const [winner, loser] = answers.map((answer) => answer.status).sort();
    expect(winner).toBe(200);
    expect([403, 409]).toContain(loser);
    const owners = (
      (await (answers[0]!.status === 200 ? boss : secondTab).send('get', '/api/users')).body as StaffAccount[]
    ).filter((account) => account.role === 'owner');
    expect(owners).toHaveLength(1);
  });
});

describe('set-up links', () => {
  it('work once, within 72 hours, and only their hash is stored', async () => {
    const boss = await owner();
    const added = await boss.send('post', '/api/users', { username: 'sam', role: 'staff' });
    expect(added.status).toBe(201);
    const account = added.body as NewStaffAccount;
    expect(account).toMatchObject({
      username: 'sam',
      role: 'staff',
      setUp: false,
      twoFactor: false,
      disabled: false,
    });
    expect(account.setupUrl).toMatch(new RegExp(`^${testOrigin}/account-setup/[A-Za-z0-9_-]{43}$`));
    expect(account.setupExpiresAt).toBe(new Date(now.getTime() + hours(72)).toISOString());
    const token = account.setupUrl.split('/').pop()!;
    const stored = await fixture.database.db.select().from(accountSetupTokens);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Not set up yet: no password signs in.
    expect((await browser().logIn('sam', '')).status).toBe(400);
    expect((await browser().logIn('sam', 'any-password-at-all')).body).toEqual({
      error: invalidLoginMessage,
    });

    const visitor = browser();
    expect((await visitor.send('get', `/api/account-setup/${token}`)).body).toEqual({
      username: 'sam',
      expiresAt: account.setupExpiresAt,
    });
    // A weak password leaves the link as it was.
    const weak = await visitor.send('post', `/api/account-setup/${token}`, { password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors.password).toEqual(['Password must be at least 12 characters']);
    const withName = await visitor.send('post', `/api/account-setup/${token}`, {
      password: 'sam-sam-sam-sam-sam',
    });
    expect(withName.body.fieldErrors.password).toEqual(['The password must not contain the username.']);

    const done = await visitor.send('post', `/api/account-setup/${token}`, { password: newcomerPassword });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ username: 'sam', role: 'staff' });
    expect((await visitor.send('get', '/api/user')).body.username).toBe('sam');
    expect((await browser().logIn('sam', newcomerPassword)).status).toBe(200);

    // Once only.
    for (const method of ['get', 'post'] as const) {
      const again = await browser().send(method, `/api/account-setup/${token}`, {
        password: 'another-fine-passphrase',
      });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ error: setupLinkInvalidMessage });
    }
  });

  it('expire after 72 hours', async () => {
    const boss = await owner();
    const account = (await boss.send('post', '/api/users', { username: 'sam', role: 'staff' }))
      .body as NewStaffAccount;
    const token = account.setupUrl.split('/').pop()!;
    now = new Date(now.getTime() + hours(72) - 1000);
    expect((await browser().send('get', `/api/account-setup/${token}`)).status).toBe(200);
    now = new Date(now.getTime() + 1000);
    expect((await browser().send('get', `/api/account-setup/${token}`)).status).toBe(404);
    expect(
      (await browser().send('post', `/api/account-setup/${token}`, { password: newcomerPassword })).status,
    ).toBe(404);
    expect(
      (await fixture.database.db.select().from(users)).find((user) => user.username === 'sam')?.passwordHash,
    ).toBeNull();
  });

  it('refuse a username in use, in any case', async () => {
    const boss = await owner();
    const taken = await boss.send('post', '/api/users', { username: 'OLIVIA', role: 'staff' });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors.username).toEqual(['That username is already in use']);
    const bad = await boss.send('post', '/api/users', { username: 'a b', role: 'boss' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['role', 'username']);
  });

  it('a reset ends every session, clears the password and two-factor, and gives a new link', async () => {
    const boss = await owner();
    const { account, tab, token: firstToken } = await newcomer(boss);
    await turnOnTwoFactor(tab);
    const reset = await boss.send('post', `/api/users/${account.id}/reset-link`);
    expect(reset.status).toBe(200);
    expect((await tab.send('get', '/api/user')).status).toBe(401);
    expect((await browser().logIn('sam', newcomerPassword)).status).toBe(401);
    expect(await fixture.database.db.select().from(recoveryCodes)).toEqual([]);
    const token = (reset.body.setupUrl as string).split('/').pop()!;
    expect(token).not.toBe(firstToken);
    const fresh = browser();
    expect(
      (await fresh.send('post', `/api/account-setup/${token}`, { password: 'a-brand-new-passphrase' })).body,
    ).toMatchObject({
      username: 'sam',
      twoFactor: false,
    });
  });
});

describe('disabled accounts', () => {
  it('are signed out at once and refused with the wrong-password message until enabled', async () => {
    const boss = await owner();
    const { account, tab } = await newcomer(boss);
    expect((await tab.send('get', '/api/enquiries')).status).toBe(200);
    const disabled = await boss.send('patch', `/api/users/${account.id}`, { disabled: true });
    expect(disabled.body).toMatchObject({ disabled: true });
    expect((await tab.send('get', '/api/enquiries')).status).toBe(401);
    const refused = await browser().logIn('sam', newcomerPassword);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: invalidLoginMessage });
    await boss.send('patch', `/api/users/${account.id}`, { disabled: false });
    expect((await browser().logIn('sam', newcomerPassword)).status).toBe(200);
  });

  it('deleting one keeps their name on what they did', async () => {
    const boss = await owner();
    const { account, tab } = await newcomer(boss);
    const sent = await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201);
    const { id } = sent.body as { id: number };
    await tab.send('put', `/api/enquiries/${id}/status`, { status: 'quoted' });
    await tab.send('post', `/api/enquiries/${id}/notes`, { text: 'Quoted £60 for two tyres' });
    await tab.send('post', '/api/logout');
    expect((await boss.send('delete', `/api/users/${account.id}`)).status).toBe(204);
    expect((await boss.send('delete', `/api/users/${account.id}`)).status).toBe(404);
    const entries = await activity();
    expect(entries.filter((entry) => entry.actorName === 'sam').map((entry) => entry.kind)).toEqual([
      'account-set-up',
      'enquiry-status-changed',
      'enquiry-note-added',
      'sign-out',
    ]);
    expect(entries.every((entry) => entry.actorName !== 'sam' || entry.actorId === null)).toBe(true);
    const [enquiry] = (await boss.send('get', '/api/enquiries')).body as Enquiry[];
    expect(enquiry!.notes.map((note) => note.author)).toEqual(['sam']);
    expect(enquiry!.events.map((event) => event.actor)).toEqual(['sam']);
  });
});

describe('my account', () => {
  it('changes the password with the current one, ending every other session', async () => {
    const first = await owner();
    const second = browser('192.0.2.1');
    await second.logIn('olivia', ownerPassword);
    const wrong = await first.send('post', '/api/user/password', {
      currentPassword: 'not-my-password',
      newPassword: 'wheel-alignment-by-the-sea',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ currentPassword: [wrongCurrentPasswordMessage] });
    const changed = await first.send('post', '/api/user/password', {
      currentPassword: ownerPassword,
      newPassword: 'wheel-alignment-by-the-sea',
    });
    expect(changed.status).toBe(204);
    expect((await first.send('get', '/api/user')).status).toBe(200);
    expect((await second.send('get', '/api/user')).status).toBe(401);
    expect((await browser().logIn('olivia', ownerPassword)).status).toBe(401);
    expect((await browser().logIn('olivia', 'wheel-alignment-by-the-sea')).status).toBe(200);
  });

  it('lists its sessions with browser and system, and signs one or all others out', async () => {
    await addStaffAccount(
      fixture.database.db,
      { username: 'olivia', password: ownerPassword },
      { onlyIfFirst: false },
    );
    // A phone's session, its cookie not kept.
    await request(fixture.app)
      .post('/api/login')
      .set(sameOriginHeaders)
      .set(
        'User-Agent',
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      )
      .send({ username: 'olivia', password: ownerPassword })
      .expect(200);
    const desktop = browser();
    await desktop.logIn('olivia', ownerPassword);
    const laptop = browser();
    await laptop.logIn('olivia', ownerPassword);
    const list = (await desktop.send('get', '/api/user/sessions')).body as StaffSession[];
    expect(list).toHaveLength(3);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    expect(list).toContainEqual(
      expect.objectContaining({ browser: 'Chrome 131', os: 'Android 14', current: false }),
    );
    const other = list.find((session) => !session.current)!;
    expect((await desktop.send('delete', `/api/user/sessions/${other.id}`)).status).toBe(204);
    expect((await desktop.send('delete', `/api/user/sessions/${other.id}`)).status).toBe(404);
    expect((await desktop.send('get', '/api/user/sessions')).body).toHaveLength(2);
    expect((await desktop.send('delete', '/api/user/sessions')).status).toBe(204);
    expect((await desktop.send('get', '/api/user/sessions')).body).toEqual([
      expect.objectContaining({ current: true }),
    ]);
    expect((await laptop.send('get', '/api/user')).status).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  it('is set up with a first code, then asks for a code after the password', async () => {
    const tab = await owner();
    const setup = (await tab.send('post', '/api/user/two-factor/setup')).body as TwoFactorSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*olivia\?/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    const wrong = await tab.send('post', '/api/user/two-factor/enable', { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ code: [invalidCodeMessage] });
    const enabled = await tab.send('post', '/api/user/two-factor/enable', {
      code: twoFactorCode(setup.secret, now),
    });
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await fixture.database.db.select().from(recoveryCodes);
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));
    expect((await tab.send('get', '/api/user')).body.twoFactor).toBe(true);

    // Signing in: the password opens a pending sign-in, good for nothing else.
    now = new Date(now.getTime() + 60_000);
    const next = browser('192.0.2.50');
    const password = await next.logIn('olivia', ownerPassword);
    expect(password.status).toBe(200);
    expect(password.body).toEqual({ twoFactorRequired: true });
    expect((await next.send('get', '/api/user')).status).toBe(401);
    expect((await next.send('get', '/api/enquiries')).status).toBe(401);
    const bad = await next.send('post', '/api/login/two-factor', { code: '123456' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: invalidCodeMessage });
    // The code of the step before is still good (a clock behind, a code typed as it changed).
    const previousStep = twoFactorCode(setup.secret, new Date(now.getTime() - 30_000));
    const good = await next.send('post', '/api/login/two-factor', { code: previousStep });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ username: 'olivia', twoFactor: true });
    expect((await next.send('get', '/api/user')).status).toBe(200);

    // The same code again is refused, on another sign-in.
    const replay = browser('192.0.2.51');
    await replay.logIn('olivia', ownerPassword);
    expect((await replay.send('post', '/api/login/two-factor', { code: previousStep })).status).toBe(401);
    // A recovery code works once, in any case and with spaces.
    const recovery = await replay.send('post', '/api/login/two-factor', {
      code: ` ${codes[3]!.toUpperCase()} `,
    });
    expect(recovery.status).toBe(200);
    const again = browser('192.0.2.52');
    await again.logIn('olivia', ownerPassword);
    expect((await again.send('post', '/api/login/two-factor', { code: codes[3]! })).status).toBe(401);
    // A pending sign-in lasts five minutes.
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    const late = await again.send('post', '/api/login/two-factor', {
      code: twoFactorCode(setup.secret, now),
    });
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ error: noPendingSignInMessage });
  });

  it('throttles codes with the password attempts', async () => {
    const tab = await owner();
    const { secret } = await turnOnTwoFactor(tab);
    now = new Date(now.getTime() + 60_000);
    const guesser = browser('192.0.2.60');
    await guesser.logIn('olivia', ownerPassword);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await guesser.send('post', '/api/login/two-factor', { code: String(100000 + attempt) })).status,
      );
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const throttled = await guesser.send('post', '/api/login/two-factor', {
      code: twoFactorCode(secret, now),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ error: tooManyLoginsMessage });
  });

  it('is turned off with the password and a code', async () => {
    const tab = await owner();
    const { secret } = await turnOnTwoFactor(tab);
    now = new Date(now.getTime() + 60_000);
    const noCode = await tab.send('post', '/api/user/two-factor/disable', {
      password: ownerPassword,
      code: '000000',
    });
    const noPassword = await tab.send('post', '/api/user/two-factor/disable', {
      password: 'wrong',
      code: twoFactorCode(secret, now),
    });
    // One answer, whichever was wrong.
    expect([noCode.status, noCode.body]).toEqual([400, { error: wrongProofMessage }]);
    expect([noPassword.status, noPassword.body]).toEqual([400, { error: wrongProofMessage }]);
    const off = await tab.send('post', '/api/user/two-factor/disable', {
      password: ownerPassword,
      code: twoFactorCode(secret, now),
    });
    expect(off.status).toBe(204);
    expect((await browser().logIn('olivia', ownerPassword)).body).toMatchObject({
      username: 'olivia',
      twoFactor: false,
    });
  });

  it('gives new recovery codes for the password and a code; the old ones stop working', async () => {
    const tab = await owner();
    const off = await tab.send('post', '/api/user/two-factor/recovery-codes', {
      password: ownerPassword,
      code: '123456',
    });
    expect(off.status).toBe(400);
    const { recoveryCodes: old } = await turnOnTwoFactor(tab);
    const wrongPassword = await tab.send('post', '/api/user/two-factor/recovery-codes', {
      password: 'wrong',
      code: old[0]!,
    });
    const wrongCode = await tab.send('post', '/api/user/two-factor/recovery-codes', {
      password: ownerPassword,
      code: '000000',
    });
    expect([wrongPassword.status, wrongPassword.body]).toEqual([400, { error: wrongProofMessage }]);
    expect([wrongCode.status, wrongCode.body]).toEqual([400, { error: wrongProofMessage }]);
    // A recovery code proves it too (and is spent, as all the old ones are).
    const renewed = await tab.send('post', '/api/user/two-factor/recovery-codes', {
      password: ownerPassword,
      code: old[0]!,
    });
    expect(renewed.status).toBe(200);
    const codes = renewed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => old.includes(code))).toBe(false);
    expect(await fixture.database.db.select().from(recoveryCodes)).toHaveLength(10);

    now = new Date(now.getTime() + 60_000);
    const withOld = browser('192.0.2.70');
    await withOld.logIn('olivia', ownerPassword);
    expect((await withOld.send('post', '/api/login/two-factor', { code: old[1]! })).status).toBe(401);
    expect((await withOld.send('post', '/api/login/two-factor', { code: codes[0]! })).status).toBe(200);
    const entries = await activity();
    const entry = entries.find((row) => row.kind === 'recovery-codes-renewed');
    expect(entry).toMatchObject({ actorName: 'olivia', target: 'account olivia' });
    expect(JSON.stringify(entries)).not.toContain(codes[0]!);
    expect(JSON.stringify(entries)).not.toContain(old[0]!);
  });

  it('when owners require it, an account without it can do nothing but set it up', async () => {
    const boss = await owner();
    const { tab } = await newcomer(boss);
    expect((await boss.send('put', '/api/settings/security', { requireTwoFactor: true })).body).toEqual({
      requireTwoFactor: true,
    });
    expect((await tab.send('get', '/api/user')).body).toMatchObject({ twoFactorSetupRequired: true });
    for (const url of ['/api/enquiries', '/api/user/sessions', '/api/analytics/stats?range=7d']) {
      const response = await tab.send('get', url);
      expect({ url, status: response.status, body: response.body }).toEqual({
        url,
        status: 403,
        body: { error: twoFactorSetupNeededMessage },
      });
    }
    await turnOnTwoFactor(tab);
    expect((await tab.send('get', '/api/user')).body).toMatchObject({
      twoFactorSetupRequired: false,
      twoFactor: true,
    });
    expect((await tab.send('get', '/api/enquiries')).status).toBe(200);
  });
});

describe('replacing the authenticator', () => {
  const twoFactorState = async () => {
    const [row] = await fixture.database.db
      .select({ secret: users.twoFactorSecret, pending: users.twoFactorPendingSecret })
      .from(users)
      .where(eq(users.username, 'olivia'));
    return row;
  };

  it('is refused to a session alone: the old authenticator and recovery codes go on working', async () => {
    const tab = await owner();
    const { secret, recoveryCodes: codes } = await turnOnTwoFactor(tab);
    now = new Date(now.getTime() + 60_000);

    const bare = await tab.send('post', '/api/user/two-factor/setup');
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.fieldErrors).sort()).toEqual(['code', 'password']);
    const wrongPassword = await tab.send('post', '/api/user/two-factor/setup', {
      password: 'not-the-password',
      code: twoFactorCode(secret, now),
    });
    expect([wrongPassword.status, wrongPassword.body]).toEqual([400, { error: wrongProofMessage }]);
    // The first set-up's body (a code of a new app) is not enough either.
    const enableBare = await tab.send('post', '/api/user/two-factor/enable', {
      code: twoFactorCode(secret, now),
    });
    expect(enableBare.status).toBe(400);
    expect(await twoFactorState()).toEqual({ secret, pending: null });
    expect(await fixture.database.db.select().from(recoveryCodes)).toHaveLength(10);

    // The owner still signs in with the old app, and with an old recovery code.
    const withApp = browser('192.0.2.80');
    await withApp.logIn('olivia', ownerPassword);
    expect(
      (await withApp.send('post', '/api/login/two-factor', { code: twoFactorCode(secret, now) })).status,
    ).toBe(200);
    const withRecovery = browser('192.0.2.81');
    await withRecovery.logIn('olivia', ownerPassword);
    expect((await withRecovery.send('post', '/api/login/two-factor', { code: codes[0]! })).status).toBe(200);
  });

  it('is done with the password and a current code at set-up and again at the new code', async () => {
    const tab = await owner();
    const { secret, recoveryCodes: old } = await turnOnTwoFactor(tab);
    now = new Date(now.getTime() + 60_000);
    const started = await tab.send('post', '/api/user/two-factor/setup', {
      password: ownerPassword,
      code: twoFactorCode(secret, now),
    });
    expect(started.status).toBe(200);
    const next = (started.body as TwoFactorSetup).secret;
    expect(next).not.toBe(secret);
    // Until the new app's code confirms it, the old one is in force.
    expect(await twoFactorState()).toEqual({ secret, pending: next });

    now = new Date(now.getTime() + 30_000);
    const noProof = await tab.send('post', '/api/user/two-factor/enable', {
      newCode: twoFactorCode(next, now),
    });
    expect(noProof.status).toBe(400);
    expect(Object.keys(noProof.body.fieldErrors).sort()).toEqual(['code', 'password']);
    const wrongProof = await tab.send('post', '/api/user/two-factor/enable', {
      password: ownerPassword,
      code: '000000',
      newCode: twoFactorCode(next, now),
    });
    expect([wrongProof.status, wrongProof.body]).toEqual([400, { error: wrongProofMessage }]);
    expect(await twoFactorState()).toEqual({ secret, pending: next });

    const replaced = await tab.send('post', '/api/user/two-factor/enable', {
      password: ownerPassword,
      code: twoFactorCode(secret, now),
      newCode: twoFactorCode(next, now),
    });
    expect(replaced.status).toBe(200);
    const codes = replaced.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(await twoFactorState()).toEqual({ secret: next, pending: null });

    // The old app and recovery codes stop working; the new ones work.
    now = new Date(now.getTime() + 60_000);
    const signIn = browser('192.0.2.82');
    await signIn.logIn('olivia', ownerPassword);
    expect(
      (await signIn.send('post', '/api/login/two-factor', { code: twoFactorCode(secret, now) })).status,
    ).toBe(401);
    expect((await signIn.send('post', '/api/login/two-factor', { code: old[1]! })).status).toBe(401);
    expect((await signIn.send('post', '/api/login/two-factor', { code: codes[0]! })).status).toBe(200);
    const entry = (await activity()).filter((row) => row.kind === 'two-factor-enabled').at(-1);
    expect(entry).toMatchObject({ actorName: 'olivia', detail: { replaced: true } });
  });
});

describe('proofs asked inside a session', () => {
  it('are refused after 5 wrong ones per account in 15 minutes, whichever change asked them', async () => {
    const tab = await owner();
    const { secret } = await turnOnTwoFactor(tab);
    now = new Date(now.getTime() + 60_000);
    const newPassword = 'wheel-alignment-by-the-sea';
    const wrong = [
      await tab.send('post', '/api/user/password', { currentPassword: 'not-my-password', newPassword }),
      await tab.send('post', '/api/user/two-factor/disable', { password: 'wrong', code: '000000' }),
      await tab.send('post', '/api/user/two-factor/recovery-codes', {
        password: ownerPassword,
        code: '000000',
      }),
      await tab.send('post', '/api/user/two-factor/setup', { password: 'wrong', code: '123456' }),
      await tab.send('post', '/api/user/two-factor/enable', {
        password: 'wrong',
        code: '123456',
        newCode: '123456',
      }),
    ];
    expect(wrong.map((response) => response.status)).toEqual([400, 400, 400, 400, 400]);
    // The password change keeps its own message: it asks for nothing else.
    expect(wrong[0]!.body.fieldErrors).toEqual({ currentPassword: [wrongCurrentPasswordMessage] });

    // The sixth is refused even when right, by every one of them.
    const sixth = await tab.send('post', '/api/user/password', {
      currentPassword: ownerPassword,
      newPassword,
    });
    expect([sixth.status, sixth.body]).toEqual([429, { error: tooManyProofsMessage }]);
    expect(Number(sixth.headers['retry-after'])).toBe(15 * 60);
    const disable = await tab.send('post', '/api/user/two-factor/disable', {
      password: ownerPassword,
      code: twoFactorCode(secret, now),
    });
    expect(disable.status).toBe(429);
    expect(disable.headers['retry-after']).toBeDefined();
    expect((await tab.send('get', '/api/user')).body.twoFactor).toBe(true);

    // Signing in is not held up by them.
    expect((await browser('192.0.2.90').logIn('olivia', ownerPassword)).body).toEqual({
      twoFactorRequired: true,
    });

    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    const changed = await tab.send('post', '/api/user/password', {
      currentPassword: ownerPassword,
      newPassword,
    });
    expect(changed.status).toBe(204);
  });
});

describe('registration once an account exists', () => {
  it('goes through the one guard: owners only, with two-factor sign-in when owners require it', async () => {
    const boss = await owner();
    const { tab: staff } = await newcomer(boss);
    const body = { username: 'mallory', password: 'another-long-passphrase' };
    const asStaff = await staff.send('post', '/api/register', body);
    expect([asStaff.status, asStaff.body]).toEqual([403, { error: ownersOnlyMessage }]);

    expect((await boss.send('put', '/api/settings/security', { requireTwoFactor: true })).status).toBe(200);
    const withoutTwoFactor = await boss.send('post', '/api/register', body);
    expect([withoutTwoFactor.status, withoutTwoFactor.body]).toEqual([
      403,
      { error: twoFactorSetupNeededMessage },
    ]);
    const signedOut = await browser().send('post', '/api/register', body);
    expect(signedOut.status).toBe(403);
    expect(await fixture.database.db.select().from(users).where(eq(users.username, 'mallory'))).toEqual([]);

    await turnOnTwoFactor(boss);
    const added = await boss.send('post', '/api/register', body);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username: 'mallory', role: 'staff' });
  });
});

describe('the activity log', () => {
  it('records every step with who, when and the client, never a password, code or token', async () => {
    const boss = await owner();
    const { account, tab, token } = await newcomer(boss);
    const { secret, recoveryCodes: codes } = await turnOnTwoFactor(tab);
    await tab.send('post', '/api/logout');
    now = new Date(now.getTime() + 60_000);
    const again = browser('198.51.100.7');
    await again.logIn('sam', 'a-wrong-password-here');
    await again.logIn('sam', newcomerPassword);
    await again.send('post', '/api/login/two-factor', { code: '999999' });
    await again.send('post', '/api/login/two-factor', { code: twoFactorCode(secret, now) });
    await boss.send('patch', `/api/users/${account.id}`, { role: 'owner' });
    await boss.send('patch', `/api/users/${account.id}`, { disabled: true });
    await boss.send('patch', `/api/users/${account.id}`, { disabled: false });
    await boss.send('put', '/api/settings/security', { requireTwoFactor: false });
    await browser('192.0.2.99').logIn('nobody', 'whatever-it-is-here');

    const entries = (await boss.send('get', '/api/activity')).body as ActivityEntry[];
    expect(entries.map((entry) => [entry.actor, entry.kind]).reverse()).toEqual([
      ['olivia', 'sign-in'],
      ['olivia', 'account-created'],
      ['sam', 'account-set-up'],
      ['sam', 'two-factor-enabled'],
      ['sam', 'sign-out'],
      ['sam', 'sign-in-failed'],
      ['sam', 'two-factor-failed'],
      ['sam', 'sign-in'],
      ['olivia', 'role-changed'],
      ['olivia', 'account-disabled'],
      ['olivia', 'account-enabled'],
      ['olivia', 'security-settings-changed'],
      [null, 'sign-in-failed'],
    ]);
    const created = entries.find((entry) => entry.kind === 'account-created')!;
    expect(created).toMatchObject({ target: 'account sam', detail: { role: 'staff' } });
    expect(created.occurredAt).toBe('2026-11-24T09:00:00.000Z');
    expect(entries.find((entry) => entry.kind === 'role-changed')!.detail).toEqual({
      from: 'staff',
      to: 'owner',
    });
    expect(entries.at(0)!.detail).toEqual({ username: 'nobody' });
    // Clients are told apart, by a hash that is not the address.
    const clients = new Set(entries.map((entry) => entry.client));
    expect(clients.size).toBe(3);
    for (const client of clients) expect(client).toMatch(/^[0-9a-f]{12}$/);

    const everything = JSON.stringify(await activity());
    for (const secretText of [
      ownerPassword,
      newcomerPassword,
      'a-wrong-password-here',
      token,
      secret,
      ...codes,
      '999999',
      '203.0.113.10',
    ]) {
      expect(everything).not.toContain(secretText);
    }
    for (const session of await fixture.database.db.select().from(sessions))
      expect(everything).not.toContain(session.tokenHash);
  });

  it('is filtered by person and kind, paged, and purged after 12 months', async () => {
    const boss = await owner();
    const { account } = await newcomer(boss);
    for (let index = 0; index < 3; index += 1) {
      await boss.send('patch', `/api/users/${account.id}`, { disabled: index % 2 === 0 });
    }
    const all = (await boss.send('get', '/api/activity')).body as ActivityEntry[];
    const bySam = (await boss.send('get', `/api/activity?actor=${account.id}`)).body as ActivityEntry[];
    expect(bySam.map((entry) => entry.kind)).toEqual(['account-set-up']);
    const disabling = (await boss.send('get', '/api/activity?kind=account-disabled')).body as ActivityEntry[];
    expect(disabling).toHaveLength(2);
    const page = (await boss.send('get', `/api/activity?limit=2&before=${all[1]!.id}`))
      .body as ActivityEntry[];
    expect(page).toEqual(all.slice(2, 4));
    for (const bad of ['kind=dancing', 'limit=0', 'limit=201', 'before=x', 'actor=-1']) {
      expect((await boss.send('get', `/api/activity?${bad}`)).status).toBe(400);
    }
    expect(await purgeOldActivity(fixture.database.db, new Date(now.getTime() + hours(24 * 365)))).toBe(0);
    expect(await purgeOldActivity(fixture.database.db, new Date('2027-11-25T09:00:00Z'))).toBe(all.length);
  });
});
