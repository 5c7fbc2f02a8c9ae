import Bowser from 'bowser';
import { eq } from 'drizzle-orm';
import { Router, type Request, type RequestHandler } from 'express';
import {
  accountChangeSchema,
  accountSetupSchema,
  codeSchema,
  invalidCodeMessage,
  lastOwnerMessage,
  newAccountSchema,
  passwordChangeSchema,
  securitySettingsSchema,
  setupLinkInvalidMessage,
  twoFactorDisableSchema,
  wrongCurrentPasswordMessage,
  type AccountSetupInfo,
  type NewStaffAccount,
  type RecoveryCodes,
  type SetupLink,
  type StaffSession,
  type TwoFactorSetup,
} from '#common/accounts.ts';
import { invalidFieldsMessage } from '#common/field-errors.ts';
import { recordActivity, recordStaffActivity, type ActivityRecord } from '../activity/service.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody } from '../http/params.ts';
import { readSessionToken, requireOwner, requireSameOrigin, type AuthDependencies } from '../auth/guard.ts';
import { setSessionCookie } from '../auth/cookies.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { usernameTakenMessage, useSecondFactor } from '../auth/service.ts';
import { endSession, endSessionsOf, hashSessionToken, listSessions } from '../auth/sessions.ts';
import { otpauthUrl } from '../auth/two-factor.ts';
import {
  beginTwoFactorSetup,
  changeAccount,
  changePassword,
  completeSetup,
  createAccount,
  deleteAccount,
  disableTwoFactor,
  enableTwoFactor,
  findSetupToken,
  listAccounts,
  readSecuritySettings,
  renewRecoveryCodes,
  resetAccess,
  setupLinkUrl,
  writeSecuritySettings,
} from './service.ts';

export type AccountsDependencies = AuthDependencies & {
  /** The guard of staff endpoints, and the one that lets an account set up two-factor first. */
  requireUser: RequestHandler;
  requireUserBeforeTwoFactor: RequestHandler;
  /** The name authenticator apps show beside the account (the business's). */
  issuer: () => Promise<string>;
};

const accountId = (req: Request) => idParam(req, 'The account id must be a positive whole number.');
const sessionId = (req: Request) => idParam(req, 'The session id must be a positive whole number.');

const noSuchAccount = () => new HttpError(404, 'That account does not exist. It may have been deleted.');

/** "Chrome 131" and "Android 14" from a user agent; what it does not say is said plainly. */
export function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(' ')
    : 'Unknown browser';
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : 'Unknown system';
  return { browser, os };
}

/**
 * Staff accounts (owners), the signed-in person's own account, and set-up links, mounted under
 * /api. Every staff route is behind the one guard; account management is for owners.
 */
export function accountsRouter(deps: AccountsDependencies): Router {
  const { db, clock, publicUrl, requireUser, requireUserBeforeTwoFactor } = deps;
  const router = Router();
  const sameOrigin = requireSameOrigin(publicUrl);
  const record = (req: Request, entry: Omit<ActivityRecord, 'actor' | 'clientAddress' | 'at'>) =>
    recordStaffActivity(db, req, { at: clock(), ...entry });

  // Owners: the accounts.
  const owners = Router();
  owners.use(['/users', '/settings'], requireUser, requireOwner);
  owners.get('/users', async (_req, res) => {
    res.json(await listAccounts(db));
  });
  owners.post('/users', async (req, res) => {
    const input = parseBody(newAccountSchema, req.body ?? {});
    const result = await createAccount(db, input, clock());
    if (result.outcome === 'taken') {
      throw new HttpError(409, usernameTakenMessage, { username: [usernameTakenMessage] });
    }
    await record(req, {
      kind: 'account-created',
      target: `account ${result.account.username}`,
      detail: { role: result.account.role },
    });
    res.status(201).json({
      ...result.account,
      setupUrl: setupLinkUrl(publicUrl, result.token),
      setupExpiresAt: result.expiresAt.toISOString(),
    } satisfies NewStaffAccount);
  });
  owners.patch('/users/:id', async (req, res) => {
    const id = accountId(req);
    const change = parseBody(accountChangeSchema, req.body ?? {});
    const result = await changeAccount(db, id, change, clock());
    if (result.outcome === 'not-found') throw noSuchAccount();
    if (result.outcome === 'last-owner') throw new HttpError(409, lastOwnerMessage);
    const { before, account } = result;
    const target = `account ${account.username}`;
    if (before.role !== account.role) {
      await record(req, { kind: 'role-changed', target, detail: { from: before.role, to: account.role } });
    }
    if (before.disabled !== account.disabled) {
      await record(req, { kind: account.disabled ? 'account-disabled' : 'account-enabled', target });
    }
    res.json(account);
  });
  owners.delete('/users/:id', async (req, res) => {
    const result = await deleteAccount(db, accountId(req));
    if (result.outcome === 'not-found') throw noSuchAccount();
    if (result.outcome === 'last-owner') throw new HttpError(409, lastOwnerMessage);
    await record(req, { kind: 'account-deleted', target: `account ${result.account.username}` });
    res.status(204).end();
  });
  owners.post('/users/:id/reset-link', async (req, res) => {
    const reset = await resetAccess(db, accountId(req), clock());
    if (!reset) throw noSuchAccount();
    await record(req, { kind: 'access-reset', target: `account ${reset.account.username}` });
    res.json({
      setupUrl: setupLinkUrl(publicUrl, reset.token),
      setupExpiresAt: reset.expiresAt.toISOString(),
    } satisfies SetupLink);
  });
  owners.get('/settings/security', async (_req, res) => {
    res.json(await readSecuritySettings(db));
  });
  owners.put('/settings/security', async (req, res) => {
    const settings = parseBody(securitySettingsSchema, req.body ?? {});
    await writeSecuritySettings(db, settings, clock());
    await record(req, { kind: 'security-settings-changed', detail: { ...settings } });
    res.json(settings);
  });

  // Anyone with a set-up link.
  router.get('/account-setup/:token', async (req, res) => {
    const link = await findSetupToken(db, String(req.params.token), clock());
    if (!link) throw new HttpError(404, setupLinkInvalidMessage);
    res.json({ username: link.username, expiresAt: link.expiresAt.toISOString() } satisfies AccountSetupInfo);
  });
  router.post('/account-setup/:token', sameOrigin, async (req, res) => {
    const { password } = parseBody(accountSetupSchema, req.body ?? {});
    const result = await completeSetup(
      db,
      String(req.params.token),
      password,
      clock(),
      req.get('user-agent'),
    );
    if (result.outcome === 'invalid-link') throw new HttpError(404, setupLinkInvalidMessage);
    if (result.outcome === 'weak')
      throw new HttpError(400, invalidFieldsMessage, { password: [result.reason] });
    await recordActivity(db, {
      actor: result.user,
      kind: 'account-set-up',
      clientAddress: req.ip,
      target: `account ${result.user.username}`,
      at: clock(),
    });
    setSessionCookie(req, res, result.sessionToken);
    res.json(result.user);
  });

  // The signed-in person's own account.
  const own = Router();
  own.use(['/user/password', '/user/sessions'], requireUser);
  own.post('/user/password', async (req, res) => {
    const input = parseBody(passwordChangeSchema, req.body ?? {});
    const result = await changePassword(
      db,
      { userId: req.user!.id, username: req.user!.username, sessionToken: readSessionToken(req)! },
      input,
      clock(),
      wrongCurrentPasswordMessage,
    );
    if (result.outcome === 'invalid') throw new HttpError(400, invalidFieldsMessage, result.fieldErrors);
    await record(req, {
      kind: 'password-changed',
      target: `account ${req.user!.username}`,
      detail: { sessionsEnded: result.sessionsEnded },
    });
    res.status(204).end();
  });
  own.get('/user/sessions', async (req, res) => {
    const current = hashSessionToken(readSessionToken(req)!);
    const rows = await listSessions(db, req.user!.id, clock());
    res.json(
      rows.map((row): StaffSession => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.tokenHash === current,
      })),
    );
  });
  own.delete('/user/sessions', async (req, res) => {
    const ended = await endSessionsOf(db, req.user!.id, readSessionToken(req));
    await record(req, {
      kind: 'session-ended',
      target: `account ${req.user!.username}`,
      detail: { sessions: ended },
    });
    res.status(204).end();
  });
  own.delete('/user/sessions/:id', async (req, res) => {
    if (!(await endSession(db, req.user!.id, sessionId(req)))) {
      throw new HttpError(404, 'That session has already ended.');
    }
    await record(req, {
      kind: 'session-ended',
      target: `account ${req.user!.username}`,
      detail: { sessions: 1 },
    });
    res.status(204).end();
  });

  // Two-factor set-up, open to an account that must set it up before anything else.
  const twoFactor = Router();
  twoFactor.use('/user/two-factor', requireUserBeforeTwoFactor);
  twoFactor.post('/user/two-factor/setup', async (req, res) => {
    const secret = await beginTwoFactorSetup(db, req.user!.id);
    res.json({
      secret,
      otpauthUrl: otpauthUrl(secret, req.user!.username, await deps.issuer()),
    } satisfies TwoFactorSetup);
  });
  twoFactor.post('/user/two-factor/enable', async (req, res) => {
    const { code } = parseBody(codeSchema, req.body ?? {});
    const recoveryCodes = await enableTwoFactor(db, req.user!.id, code, clock());
    if (!recoveryCodes) throw new HttpError(400, invalidCodeMessage, { code: [invalidCodeMessage] });
    await record(req, { kind: 'two-factor-enabled', target: `account ${req.user!.username}` });
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  });
  /**
   * The password and a code (or a recovery code, which is then spent) of the signed-in account,
   * asked before changing its two-factor sign-in, so that an unattended screen cannot.
   */
  const checkProof = async (req: Request) => {
    const { password, code } = parseBody(twoFactorDisableSchema, req.body ?? {});
    const [account] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, req.user!.id));
    if (!account?.passwordHash || !(await verifyPassword(password, account.passwordHash))) {
      throw new HttpError(400, invalidFieldsMessage, { password: [wrongCurrentPasswordMessage] });
    }
    if (!(await useSecondFactor(db, req.user!.id, code, clock()))) {
      throw new HttpError(400, invalidFieldsMessage, { code: [invalidCodeMessage] });
    }
  };
  twoFactor.post('/user/two-factor/recovery-codes', async (req, res) => {
    await checkProof(req);
    const recoveryCodes = await renewRecoveryCodes(db, req.user!.id);
    if (!recoveryCodes) throw new HttpError(409, 'Two-factor sign-in is off: there are no recovery codes.');
    await record(req, { kind: 'recovery-codes-renewed', target: `account ${req.user!.username}` });
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  });
  twoFactor.post('/user/two-factor/disable', async (req, res) => {
    await checkProof(req);
    await disableTwoFactor(db, req.user!.id, clock());
    await record(req, { kind: 'two-factor-disabled', target: `account ${req.user!.username}` });
    res.status(204).end();
  });

  router.use(twoFactor);
  router.use(own);
  router.use(owners);
  return router;
}
