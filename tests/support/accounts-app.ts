import request from 'supertest';
import { beforeEach, expect } from 'vitest';
import { type NewStaffAccount, type TwoFactorSetup } from '#common/accounts/accounts.ts';
import { clearEnquiries, sameOriginHeaders } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { addStaffAccount } from '#server/auth/initial-admin.ts';
import { twoFactorCode } from '#server/auth/two-factor.ts';
import { activityLog, appMeta, loginFailures, sessions, users } from '#server/db/schema.ts';

/**
 * The staff accounts' tests: the app on the file's test database, trusting one proxy hop (so a
 * test speaks for different clients) and reading the time from `clock`, with no accounts,
 * sessions or activity before each test; and browsers, an owner and newcomers signed in to it.
 */
export function useAccountsApp() {
  const ownerPassword = 'correct-horse-battery-staple';
  const newcomerPassword = 'lug-nuts-and-valve-caps-7';
  const hours = (count: number) => count * 60 * 60 * 1000;

  const clock = { now: new Date() };
  const fixture = useTestApp({ env: { TRUST_PROXY: '1' }, dependencies: () => ({ clock: () => clock.now }) });

  beforeEach(async () => {
    clock.now = new Date('2026-11-24T09:00:00Z');
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
  async function newcomer(
    by: ReturnType<typeof browser>,
    username = 'sam',
    role: 'owner' | 'staff' = 'staff',
  ) {
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
      code: twoFactorCode(setup.secret, clock.now),
    });
    expect(enabled.status).toBe(200);
    return { secret: setup.secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  const activity = async () => fixture.database.db.select().from(activityLog).orderBy(activityLog.id);
  return {
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
  };
}
