import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  lastOwnerMessage,
  ownersOnlyMessage,
  setupLinkInvalidMessage,
  type NewStaffAccount,
  type StaffAccount,
} from '#common/accounts/accounts.ts';
import { testOrigin } from '#tests/support/app.ts';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { makeEnquiry } from '#tests/support/factories.ts';
import { crossSiteMessage } from '../auth/guard.ts';
import { invalidLoginMessage } from '../auth/service.ts';
import { accountSetupTokens, recoveryCodes, users } from '../db/schema.ts';
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
    expect(account.setupExpiresAt).toBe(new Date(clock.now.getTime() + hours(72)).toISOString());
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
    clock.now = new Date(clock.now.getTime() + hours(72) - 1000);
    expect((await browser().send('get', `/api/account-setup/${token}`)).status).toBe(200);
    clock.now = new Date(clock.now.getTime() + 1000);
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
