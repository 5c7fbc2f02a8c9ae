import Bowser from 'bowser';
import { Router, type Request, type RequestHandler, type Response } from 'express';
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
  tooManyProofsMessage,
  twoFactorProofSchema,
  twoFactorReplaceSchema,
  wrongCurrentPasswordMessage,
  wrongProofMessage,
  type AccountSetupInfo,
  type NewStaffAccount,
  type RecoveryCodes,
  type SetupLink,
  type StaffSession,
  type TwoFactorSetup,
} from '#common/accounts/accounts.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import { recordActivity, recordStaffActivity, type ActivityRecord } from '../activity/service.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseBody } from '../http/params.ts';
import { requireSameOrigin, type AuthDependencies } from '../auth/guard.ts';
import { requireOwner } from '../http/roles.ts';
import { readSessionToken, setSessionCookie } from '../auth/cookies.ts';
import { usernameTakenMessage } from '../auth/service.ts';
import { endSession, endSessionsOf, hashSessionToken, listSessions } from '../auth/sessions.ts';
import { otpauthUrl } from '../auth/two-factor.ts';
import {
  beginTwoFactorSetup,
  changePassword,
  checkProof,
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
} from './own-account.ts';
import { completeSetup, findSetupToken, setupLinkUrl } from './setup-links.ts';
import {
  changeAccount,
  createAccount,
  deleteAccount,
  listAccounts,
  listFitters,
  readSecuritySettings,
  resetAccess,
  writeSecuritySettings,
} from './staff-accounts.ts';

type AccountsDependencies = AuthDependencies & {
  /**
   * The guard of staff endpoints; the guard of a person's own account, which fitters pass too;
   * and the one that lets any account set up two-factor first.
   */
  requireUser: RequestHandler;
  requireAnyUser: RequestHandler;
  requireUserBeforeTwoFactor: RequestHandler;
  /** The name authenticator apps show beside the account (the business's). */
  issuer: () => Promise<string>;
};

const accountId = (req: Request) => idParam(req, 'The account id must be a positive whole number.');
const sessionId = (req: Request) => idParam(req, 'The session id must be a positive whole number.');

const noSuchAccount = () => new HttpError(404, 'That account does not exist. It may have been deleted.');

/** "Chrome 131" and "Android 14" from a user agent; what it does not say is said plainly. */
function describeUserAgent(userAgent: string | null): { browser: string; os: string } {
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

/** What the parts of the accounts' routes share: the activity record and the signed-in account. */
function routeHelpers({ db, clock, publicUrl }: AccountsDependencies) {
  return {
    record: (req: Request, entry: Omit<ActivityRecord, 'actor' | 'clientAddress' | 'at'>) =>
      recordStaffActivity(db, req, { at: clock(), ...entry }),
    sessionTokenOf: (req: Request) => readSessionToken(req, publicUrl),
    /** The signed-in account of a request behind the guard. */
    accountOf: (req: Request) => ({
      userId: req.user!.id,
      username: req.user!.username,
      clientAddress: req.ip ?? 'unknown',
    }),
    tooManyProofs: (res: Response, retryAfterSeconds: number) => {
      res.setHeader('Retry-After', String(retryAfterSeconds));
      return new HttpError(429, tooManyProofsMessage);
    },
  };
}
type RouteHelpers = ReturnType<typeof routeHelpers>;

/**
 * Staff accounts (owners), the signed-in person's own account, and set-up links, mounted under
 * /api. Every staff route is behind the one guard; account management is for owners.
 */
export function accountsRouter(deps: AccountsDependencies): Router {
  const helpers = routeHelpers(deps);
  const router = Router();
  router.use(setupLinkRouter(deps));
  router.use(twoFactorRouter(deps, helpers));
  router.use(ownAccountRouter(deps, helpers));
  router.use(ownersRouter(deps, helpers));
  return router;
}

/** Owners: the accounts, the fitters to give jobs to, and the security settings. */
function ownersRouter({ db, clock, publicUrl, requireUser }: AccountsDependencies, { record }: RouteHelpers) {
  const owners = Router();
  owners.use(['/users', '/settings/security'], requireUser, requireOwner);
  owners.get('/fitters', requireUser, async (_req, res) => {
    res.json(await listFitters(db));
  });
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
  return owners;
}

/** Anyone with a set-up link: what it is for, and choosing the account's password through it. */
function setupLinkRouter({ db, clock, publicUrl }: AccountsDependencies) {
  const router = Router();
  const sameOrigin = requireSameOrigin(publicUrl);
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
    setSessionCookie(req, res, publicUrl, result.sessionToken);
    res.json(result.user);
  });
  return router;
}

/** The signed-in person's own account: their password and their sessions. */
function ownAccountRouter(
  { db, clock, requireAnyUser }: AccountsDependencies,
  { record, accountOf, sessionTokenOf, tooManyProofs }: RouteHelpers,
) {
  const own = Router();
  own.use(['/user/password', '/user/sessions'], requireAnyUser);
  own.post('/user/password', async (req, res) => {
    const input = parseBody(passwordChangeSchema, req.body ?? {});
    const result = await changePassword(
      db,
      { ...accountOf(req), sessionToken: sessionTokenOf(req)! },
      input,
      clock(),
      wrongCurrentPasswordMessage,
    );
    if (result.outcome === 'throttled') throw tooManyProofs(res, result.retryAfterSeconds);
    if (result.outcome === 'invalid') throw new HttpError(400, invalidFieldsMessage, result.fieldErrors);
    await record(req, {
      kind: 'password-changed',
      target: `account ${req.user!.username}`,
      detail: { sessionsEnded: result.sessionsEnded },
    });
    res.status(204).end();
  });
  own.get('/user/sessions', async (req, res) => {
    const current = hashSessionToken(sessionTokenOf(req)!);
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
    const ended = await endSessionsOf(db, req.user!.id, sessionTokenOf(req));
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
  return own;
}

/**
 * Two-factor set-up, open to an account that must set it up before anything else. With it on
 * already, a new authenticator replaces the old one and every recovery code: only with proof.
 */
function twoFactorRouter(deps: AccountsDependencies, { record, accountOf, tooManyProofs }: RouteHelpers) {
  const { db, clock, requireUserBeforeTwoFactor } = deps;
  /**
   * The password and a code (or a recovery code, which is then spent) of the signed-in account,
   * asked before changing its two-factor sign-in, so that whoever holds a session (an unattended
   * screen, a stolen cookie) cannot. One answer whichever was wrong; throttled per account.
   */
  const requireProof = async (req: Request, res: Response, proof: { password: string; code: string }) => {
    const verdict = await checkProof(db, accountOf(req), proof, clock());
    if (verdict.outcome === 'throttled') throw tooManyProofs(res, verdict.retryAfterSeconds);
    if (verdict.outcome === 'wrong') throw new HttpError(400, wrongProofMessage);
  };

  const twoFactor = Router();
  twoFactor.use('/user/two-factor', requireUserBeforeTwoFactor);
  twoFactor.post('/user/two-factor/setup', async (req, res) => {
    if (req.user!.twoFactor) await requireProof(req, res, parseBody(twoFactorProofSchema, req.body ?? {}));
    const secret = await beginTwoFactorSetup(db, req.user!.id);
    res.json({
      secret,
      otpauthUrl: otpauthUrl(secret, req.user!.username, await deps.issuer()),
    } satisfies TwoFactorSetup);
  });
  twoFactor.post('/user/two-factor/enable', async (req, res) => {
    const replacing = req.user!.twoFactor;
    let newCode: string;
    if (replacing) {
      const { password, code, newCode: fromNewApp } = parseBody(twoFactorReplaceSchema, req.body ?? {});
      await requireProof(req, res, { password, code });
      newCode = fromNewApp;
    } else {
      newCode = parseBody(codeSchema, req.body ?? {}).code;
    }
    const recoveryCodes = await enableTwoFactor(db, req.user!.id, newCode, clock());
    if (!recoveryCodes) {
      throw new HttpError(400, invalidCodeMessage, {
        [replacing ? 'newCode' : 'code']: [invalidCodeMessage],
      });
    }
    await record(req, {
      kind: 'two-factor-enabled',
      target: `account ${req.user!.username}`,
      ...(replacing && { detail: { replaced: true } }),
    });
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  });
  twoFactor.post('/user/two-factor/recovery-codes', async (req, res) => {
    await requireProof(req, res, parseBody(twoFactorProofSchema, req.body ?? {}));
    const recoveryCodes = await renewRecoveryCodes(db, req.user!.id);
    if (!recoveryCodes) throw new HttpError(409, 'Two-factor sign-in is off: there are no recovery codes.');
    await record(req, { kind: 'recovery-codes-renewed', target: `account ${req.user!.username}` });
    res.json({ recoveryCodes } satisfies RecoveryCodes);
  });
  twoFactor.post('/user/two-factor/disable', async (req, res) => {
    await requireProof(req, res, parseBody(twoFactorProofSchema, req.body ?? {}));
    await disableTwoFactor(db, req.user!.id, clock());
    await record(req, { kind: 'two-factor-disabled', target: `account ${req.user!.username}` });
    res.status(204).end();
  });
  return twoFactor;
}
