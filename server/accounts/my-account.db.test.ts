import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  ownersOnlyMessage,
  tooManyProofsMessage,
  twoFactorSetupNeededMessage,
  wrongCurrentPasswordMessage,
  type ActivityEntry,
  type StaffSession,
} from '#common/accounts/accounts.ts';
import { sameOriginHeaders } from '#tests/support/factories.ts';
import { purgeOldActivity } from '../activity/service.ts';
import { addStaffAccount } from '../auth/initial-admin.ts';
import { twoFactorCode } from '../auth/two-factor.ts';
import { sessions, users } from '../db/schema.ts';
import { useAccountsApp } from '#tests/support/accounts-app.ts';

const {
  ownerPassword,
  newcomerPassword,
  hours,
  clock,
  fixture,
  browser,
  owner,
  newcomer,
  turnOnTwoFactor,
  activity,
} = useAccountsApp();

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

describe('proofs asked inside a session', () => {
  it('are refused after 5 wrong ones per account in 15 minutes, whichever change asked them', async () => {
    const tab = await owner();
    const { secret } = await turnOnTwoFactor(tab);
    clock.now = new Date(clock.now.getTime() + 60_000);
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
      code: twoFactorCode(secret, clock.now),
    });
    expect(disable.status).toBe(429);
    expect(disable.headers['retry-after']).toBeDefined();
    expect((await tab.send('get', '/api/user')).body.twoFactor).toBe(true);

    // Signing in is not held up by them.
    expect((await browser('192.0.2.90').logIn('olivia', ownerPassword)).body).toEqual({
      twoFactorRequired: true,
    });

    clock.now = new Date(clock.now.getTime() + 15 * 60_000 + 1000);
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
    clock.now = new Date(clock.now.getTime() + 60_000);
    const again = browser('198.51.100.7');
    await again.logIn('sam', 'a-wrong-password-here');
    await again.logIn('sam', newcomerPassword);
    await again.send('post', '/api/login/two-factor', { code: '999999' });
    await again.send('post', '/api/login/two-factor', { code: twoFactorCode(secret, clock.now) });
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
    expect(await purgeOldActivity(fixture.database.db, new Date(clock.now.getTime() + hours(24 * 365)))).toBe(
      0,
    );
    expect(await purgeOldActivity(fixture.database.db, new Date('2027-11-25T09:00:00Z'))).toBe(all.length);
  });
});
