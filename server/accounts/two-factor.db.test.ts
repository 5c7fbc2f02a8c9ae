import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  invalidCodeMessage,
  noPendingSignInMessage,
  twoFactorSetupNeededMessage,
  wrongProofMessage,
  type TwoFactorSetup,
} from '#common/accounts/accounts.ts';
import { tooManyLoginsMessage } from '../auth/service.ts';
import { twoFactorCode } from '../auth/two-factor.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { useAccountsApp } from '#tests/support/accounts-app.ts';

const { ownerPassword, clock, fixture, browser, owner, newcomer, turnOnTwoFactor, activity } =
  useAccountsApp();

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
      code: twoFactorCode(setup.secret, clock.now),
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
    clock.now = new Date(clock.now.getTime() + 60_000);
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
    const previousStep = twoFactorCode(setup.secret, new Date(clock.now.getTime() - 30_000));
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
    clock.now = new Date(clock.now.getTime() + 5 * 60_000 + 1000);
    const late = await again.send('post', '/api/login/two-factor', {
      code: twoFactorCode(setup.secret, clock.now),
    });
    expect(late.status).toBe(401);
    expect(late.body).toEqual({ error: noPendingSignInMessage });
  });

  it('throttles codes with the password attempts', async () => {
    const tab = await owner();
    const { secret } = await turnOnTwoFactor(tab);
    clock.now = new Date(clock.now.getTime() + 60_000);
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
      code: twoFactorCode(secret, clock.now),
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({ error: tooManyLoginsMessage });
  });

  it('is turned off with the password and a code', async () => {
    const tab = await owner();
    const { secret } = await turnOnTwoFactor(tab);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const noCode = await tab.send('post', '/api/user/two-factor/disable', {
      password: ownerPassword,
      code: '000000',
    });
    const noPassword = await tab.send('post', '/api/user/two-factor/disable', {
      password: 'wrong',
      code: twoFactorCode(secret, clock.now),
    });
    // One answer, whichever was wrong.
    expect([noCode.status, noCode.body]).toEqual([400, { error: wrongProofMessage }]);
    expect([noPassword.status, noPassword.body]).toEqual([400, { error: wrongProofMessage }]);
    const off = await tab.send('post', '/api/user/two-factor/disable', {
      password: ownerPassword,
      code: twoFactorCode(secret, clock.now),
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

    clock.now = new Date(clock.now.getTime() + 60_000);
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
    clock.now = new Date(clock.now.getTime() + 60_000);

    const bare = await tab.send('post', '/api/user/two-factor/setup');
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body.fieldErrors).sort()).toEqual(['code', 'password']);
    const wrongPassword = await tab.send('post', '/api/user/two-factor/setup', {
      password: 'not-the-password',
      code: twoFactorCode(secret, clock.now),
    });
    expect([wrongPassword.status, wrongPassword.body]).toEqual([400, { error: wrongProofMessage }]);
    // The first set-up's body (a code of a new app) is not enough either.
    const enableBare = await tab.send('post', '/api/user/two-factor/enable', {
      code: twoFactorCode(secret, clock.now),
    });
    expect(enableBare.status).toBe(400);
    expect(await twoFactorState()).toEqual({ secret, pending: null });
    expect(await fixture.database.db.select().from(recoveryCodes)).toHaveLength(10);

    // The owner still signs in with the old app, and with an old recovery code.
    const withApp = browser('192.0.2.80');
    await withApp.logIn('olivia', ownerPassword);
    expect(
      (await withApp.send('post', '/api/login/two-factor', { code: twoFactorCode(secret, clock.now) }))
        .status,
    ).toBe(200);
    const withRecovery = browser('192.0.2.81');
    await withRecovery.logIn('olivia', ownerPassword);
    expect((await withRecovery.send('post', '/api/login/two-factor', { code: codes[0]! })).status).toBe(200);
  });

  it('is done with the password and a current code at set-up and again at the new code', async () => {
    const tab = await owner();
    const { secret, recoveryCodes: old } = await turnOnTwoFactor(tab);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const started = await tab.send('post', '/api/user/two-factor/setup', {
      password: ownerPassword,
      code: twoFactorCode(secret, clock.now),
    });
    expect(started.status).toBe(200);
    const next = (started.body as TwoFactorSetup).secret;
    expect(next).not.toBe(secret);
    // Until the new app's code confirms it, the old one is in force.
    expect(await twoFactorState()).toEqual({ secret, pending: next });

    clock.now = new Date(clock.now.getTime() + 30_000);
    const noProof = await tab.send('post', '/api/user/two-factor/enable', {
      newCode: twoFactorCode(next, clock.now),
    });
    expect(noProof.status).toBe(400);
    expect(Object.keys(noProof.body.fieldErrors).sort()).toEqual(['code', 'password']);
    const wrongProof = await tab.send('post', '/api/user/two-factor/enable', {
      password: ownerPassword,
      code: '000000',
      newCode: twoFactorCode(next, clock.now),
    });
    expect([wrongProof.status, wrongProof.body]).toEqual([400, { error: wrongProofMessage }]);
    expect(await twoFactorState()).toEqual({ secret, pending: next });

    const replaced = await tab.send('post', '/api/user/two-factor/enable', {
      password: ownerPassword,
      code: twoFactorCode(secret, clock.now),
      newCode: twoFactorCode(next, clock.now),
    });
    expect(replaced.status).toBe(200);
    const codes = replaced.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(await twoFactorState()).toEqual({ secret: next, pending: null });

    // The old app and recovery codes stop working; the new ones work.
    clock.now = new Date(clock.now.getTime() + 60_000);
    const signIn = browser('192.0.2.82');
    await signIn.logIn('olivia', ownerPassword);
    expect(
      (await signIn.send('post', '/api/login/two-factor', { code: twoFactorCode(secret, clock.now) })).status,
    ).toBe(401);
    expect((await signIn.send('post', '/api/login/two-factor', { code: old[1]! })).status).toBe(401);
    expect((await signIn.send('post', '/api/login/two-factor', { code: codes[0]! })).status).toBe(200);
    const entry = (await activity()).filter((row) => row.kind === 'two-factor-enabled').at(-1);
    expect(entry).toMatchObject({ actorName: 'olivia', detail: { replaced: true } });
  });
});
